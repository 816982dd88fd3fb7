import type { ComponentProps } from 'react';
import { inputClass } from './field.tsx';

/**
 * A search box whose words the page keeps (`value`, `onSearch`); what the browser would offer
 * from past searches is left out. It takes what an <input> takes besides (a Field's props).
 */
export function SearchInput({
  onSearch,
  ...props
}: Omit<ComponentProps<'input'>, 'onChange'> & {
  value: string;
  onSearch: (value: string) => void;
}) {
  return (
    <input
      type="search"
      autoComplete="off"
      className={inputClass}
      onChange={(e) => onSearch(e.target.value)}
      {...props}
    />
  );
}
