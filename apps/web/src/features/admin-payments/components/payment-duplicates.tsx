import { useTexts } from '../../../lib/i18n.tsx';
import { PAYMENTS_STATUS_TEXTS } from '../texts.ts';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/messages.ts';
import { useAdminPayment, type AdminPayment } from '../api/admin-payments.ts';
import { duplicateWarning, type PossibleDuplicate } from './payment-text.ts';
import { ReceiptView } from './receipt-view.tsx';

/** The submissions whose receipt looks like this one's, each to be compared when several. */
export function DuplicateWarnings({
  payment,
  comparedId,
  onCompare,
}: {
  payment: AdminPayment;
  comparedId: number | undefined;
  onCompare: (id: number) => void;
}) {
  const i18n = useTexts();
  const [first, ...others] = payment.possible_duplicates;
  const several = others.length > 0;
  const item = (d: PossibleDuplicate) => (
    <li key={d.payment_id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{duplicateWarning(i18n, d)}</span>
      {several && (
        <button
          type="button"
          aria-pressed={d.payment_id === comparedId}
          onClick={() => onCompare(d.payment_id)}
          className="rounded-lg border border-amber-600 px-2 py-0.5 text-xs font-semibold text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700 aria-pressed:bg-amber-200"
        >
          {i18n._('admin-payments.payments.compareReceipt')}
        </button>
      )}
    </li>
  );
  if (!first) return null;
  // The first look-alike in a line; the others folded under it, a click away.
  return (
    <div
      role="note"
      aria-label={i18n._('admin-payments.payments.duplicateHeading')}
      className="rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950"
    >
      <ul className="flex flex-col gap-1">{item(first)}</ul>
      {several && (
        <details className="mt-1">
          <summary className="cursor-pointer rounded font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700">
            {i18n._('admin-payments.payments.duplicatesMore', { count: others.length })}
          </summary>
          <ul className="mt-1 flex flex-col gap-1">{others.map(item)}</ul>
        </details>
      )}
    </div>
  );
}

/** The other submission's receipt. */
export function OtherReceipt({ duplicate }: { duplicate: PossibleDuplicate }) {
  const i18n = useTexts();
  const other = useAdminPayment(duplicate.payment_id);
  const names = {
    name: duplicate.member.name,
    what: duplicate.month ?? i18n._('admin-payments.payments.duplicateLoanRepayment'),
  };
  let body;
  if (other.isPending) body = <Spinner />;
  else if (other.isError)
    body = <ErrorState message={errorMessage(other.error)} onRetry={() => void other.refetch()} />;
  else if (!other.data?.receipt_url)
    body = (
      <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
        {i18n._('admin-payments.payments.otherReceiptGone')}
      </p>
    );
  else
    body = (
      <ReceiptView
        path={other.data.receipt_url}
        alt={i18n._('admin-payments.payments.otherReceiptAlt', names)}
      />
    );
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-800">
        {i18n._('admin-payments.payments.otherReceipt', names)} (
        {i18n._(PAYMENTS_STATUS_TEXTS[duplicate.status]!)})
      </figcaption>
      {body}
    </figure>
  );
}
