import type { Ref } from 'react';
import { inputClass } from './field.tsx';

/**
 * A link shown to be copied by hand (when the clipboard cannot be used): read-only, left to
 * right in any language, all of it selected on focus; its label said to screen readers.
 */
export function LinkToCopy({
  id,
  label,
  url,
  inputRef,
  className = '',
}: {
  id: string;
  label: string;
  url: string;
  inputRef: Ref<HTMLInputElement>;
  className?: string;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        readOnly
        dir="ltr"
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className={`${inputClass} font-mono text-sm ${className}`}
      />
    </>
  );
}
