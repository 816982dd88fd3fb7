import { useState, type FormEventHandler, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, toastError } from '../../../lib/messages.ts';

/**
 * A refusal the treasurer must read where they acted: 403 (their own payment) or 422 (the
 * amount); anything else goes to a toast. Field errors also go beside their field.
 */
function refusalOf(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 403 || error.status === 422)
    ? errorMessage(error)
    : null;
}

/** The refusal of a decision on a payment, which its DecisionForm shows. */
export function useRefusal() {
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    clear: () => setMessage(null),
    show: (error: unknown) => {
      const refusal = refusalOf(error);
      if (refusal) setMessage(refusal);
      else toastError(error);
    },
  };
}

/**
 * A decision on a pending payment (approve, reject), in a titled box of its own: its fields,
 * then its refusal (`useRefusal`), then its buttons (`actions`).
 */
export function DecisionForm({
  id,
  title,
  onSubmit,
  refusal,
  actions,
  children,
}: {
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  refusal: string | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3"
    >
      <h4 id={titleId} className="font-semibold text-slate-900">
        {title}
      </h4>
      {children}
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {refusal}
        </p>
      )}
      {actions}
    </form>
  );
}
