import { useId, type ReactNode } from 'react';
import { translateMessage } from '../lib/messages.ts';

/** What a Field gives its control to spread: its id, and what is to be announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/**
 * A labelled form control with its error beside it. `error` may be a sentence from the shared
 * schemas or the server: it is looked up with translateMessage here (an already translated
 * text comes back unchanged). `children` receives the id and the
 * aria attributes to spread on the input, so the label and the error are announced.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const message = error ? translateMessage(error) : undefined;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(message),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && !message && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {message && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-600';
