import { useTexts } from '../../../lib/i18n.tsx';
import { FocusHeading } from '../../../components/focus-heading.tsx';

/** Said on the page once a statement is deleted; its heading takes the focus. */
export function StatementDeleted({ message }: { message: string }) {
  const i18n = useTexts();
  return (
    <section
      aria-labelledby="bank-deleted"
      className="flex flex-col gap-1 rounded-xl border border-green-300 bg-green-50 p-3 text-green-950 sm:p-4"
    >
      <FocusHeading id="bank-deleted">{i18n._('admin-bank.delete.done')}</FocusHeading>
      <p role="status">{message}</p>
    </section>
  );
}
