import type { ComponentProps } from 'react';
import { inputClass } from './field.tsx';

/**
 * The choices of a list's filter: everything first (`allLabel`, the empty value), then each
 * option. Takes what a <select> takes (a Field's props, a value and onChange, or the form's
 * registration).
 */
export function FilterSelect({
  allLabel,
  options,
  ...select
}: ComponentProps<'select'> & {
  allLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <select className={inputClass} {...select}>
      <option value="">{allLabel}</option>
      {options.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
