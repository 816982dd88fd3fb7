import { Link } from 'react-router';
import type { BankStatementDetail } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { card, tableLink } from '../../../components/styles.ts';
import { formatDate } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { useStatementPart } from '../api/statement-parts.ts';
import { paymentWhat } from '../lib/describe.ts';
import { PartMore } from './part-more.tsx';

/**
 * Receipts waiting in the review queue, dated within the statement, whose money no line of it
 * holds: invented or edited ones among them. The review queue warns of each as well.
 */
export function UnseenReceipts({ detail }: { detail: BankStatementDetail }) {
  const i18n = useTexts();
  const part = useStatementPart(detail, 'payments');
  const payments = part.items;
  return (
    <section aria-labelledby="bank-unseen" className={`${card} flex flex-col gap-3`}>
      <div>
        <h2 id="bank-unseen" className="text-lg font-bold text-slate-900">
          {i18n._('admin-bank.unseen.title', { count: part.total })}
        </h2>
        <p className="text-sm text-slate-700">{i18n._('admin-bank.unseen.intro')}</p>
      </div>
      {payments.length === 0 ? (
        <p className="rounded-xl bg-slate-100 p-3 text-slate-800">
          {i18n._('admin-bank.unseen.none')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {payments.map((p) => (
              <li
                key={p.id}
                className="flex flex-col gap-0.5 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
              >
                <p className="flex flex-wrap items-baseline gap-x-3">
                  <span className="text-lg font-extrabold tabular-nums">{aed(p.amount)}</span>
                  <span className="font-semibold break-words">
                    <bdi>{p.member.name}</bdi>{' '}
                    <span className="font-normal" dir="ltr">
                      ({p.member.unique_id})
                    </span>
                  </span>
                </p>
                <p className="text-sm">
                  {paymentWhat(i18n, p)} ·{' '}
                  {p.transfer_date
                    ? i18n._('admin-bank.payment.transferred', {
                        date: formatDate(p.transfer_date),
                      })
                    : i18n._('admin-bank.payment.sent', { date: formatDate(p.submitted_at) })}
                </p>
                <p className="text-sm font-medium">{i18n._('admin-bank.unseen.flag')}</p>
              </li>
            ))}
          </ul>
          <PartMore part={part} />
          <p className="text-sm">
            <Link to="/admin/payments" className={tableLink}>
              {i18n._('admin-bank.unseen.review')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
