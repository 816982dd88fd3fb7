import type { FormEventHandler, ReactNode } from 'react';
import { useIsHydrated } from '../lib/use-is-hydrated.ts';
import { Button } from './button.tsx';

/**
 * The form of a page the build draws ahead of time, shown before its script runs. Its fields
 * wait for the script (the fieldset), as what they held would be lost when it takes over; a
 * form sent some other way in that moment is posted, so nothing lands in a URL. `footer`
 * comes under the submit button.
 */
export function PrerenderedForm({
  onSubmit,
  isSubmitting,
  submitLabel,
  footer,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  submitLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const isHydrated = useIsHydrated();
  return (
    <form
      noValidate
      method="post"
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm"
    >
      <fieldset disabled={!isHydrated} className="contents">
        {children}
        <Button
          type="submit"
          // Disabled by the fieldset too; named here so that checkers see it as disabled.
          disabled={!isHydrated}
          isBusy={isSubmitting}
        >
          {submitLabel}
        </Button>
        {footer}
      </fieldset>
    </form>
  );
}
