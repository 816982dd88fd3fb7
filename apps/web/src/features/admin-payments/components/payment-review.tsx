import { useState, type Ref } from 'react';
import { PaymentBadges } from './payment-badges.tsx';
import { useTexts } from '../../../lib/i18n.tsx';
import { PAYMENTS_TEXTS } from '../texts.ts';
import { Link } from 'react-router';
import { aed } from '../../../lib/format.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { AdminPayment } from '../api/admin-payments.ts';
import type { UnseenStatement } from '../api/unseen-payments.ts';
import { ApproveForm } from './approve-payment-form.tsx';
import { DuplicateWarnings, OtherReceipt } from './payment-duplicates.tsx';
import { paymentWhat } from './payment-text.ts';
import { ReceiptView } from './receipt-view.tsx';
import { RejectForm } from './reject-payment-form.tsx';
import { UnseenWarning } from './unseen-statement.tsx';

/**
 * One submission beside its receipt, with the decision when it is still pending; `unseenIn`,
 * the bank statement of its date, when that statement shows no transfer for it.
 */
export function PaymentReview({
  payment,
  unseenIn,
  onDecided,
  headingRef,
}: {
  payment: AdminPayment;
  unseenIn?: UnseenStatement | undefined;
  onDecided: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const i18n = useTexts();
  const what = paymentWhat(i18n, payment);
  const duplicates = payment.possible_duplicates;
  const hasDuplicates = duplicates.length > 0;
  // One look-alike beside this receipt at a time: a receipt copied many times would otherwise
  // load every copy at once.
  const [comparedId, setComparedId] = useState<number | null>(null);
  const compared = duplicates.find((d) => d.payment_id === comparedId) ?? duplicates[0];
  const isCorrected =
    payment.approved_amount !== null && payment.approved_amount !== payment.amount;
  const facts = [
    {
      key: 'member',
      value: (
        <Link
          to={`/admin/members/${payment.member.id}`}
          className="font-semibold text-brand-700 underline underline-offset-2"
        >
          {i18n._('admin-payments.payments.memberLine', {
            name: payment.member.name,
            id: payment.member.unique_id,
          })}
        </Link>
      ),
    },
    { key: 'kind', value: what },
    { key: 'amount', value: aed(payment.amount) },
    ...(payment.dues_month
      ? [
          { key: 'monthDue', value: aed(payment.dues_month.due) },
          ...(payment.dues_month.fine > 0
            ? [{ key: 'monthFine', value: aed(payment.dues_month.fine) }]
            : []),
          { key: 'monthPaid', value: aed(payment.dues_month.paid) },
        ]
      : []),
    ...(isCorrected ? [{ key: 'approvedAmount', value: aed(payment.approved_amount!) }] : []),
    ...(payment.account_number
      ? [{ key: 'accountNumber', value: <span dir="ltr">{payment.account_number}</span> }]
      : []),
    { key: 'submittedOn', value: formatDate(payment.created_at) },
    ...(payment.reviewed_at ? [{ key: 'reviewedOn', value: formatDate(payment.reviewed_at) }] : []),
    ...(payment.review_note ? [{ key: 'reason', value: payment.review_note }] : []),
  ];

  return (
    <section
      aria-labelledby="payment-review-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="payment-review-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-bold text-slate-900 focus:outline-none"
        >
          {i18n._('admin-payments.payments.detail')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <PaymentBadges payment={payment} />
        </div>
      </div>
      {unseenIn && <UnseenWarning statement={unseenIn} />}
      {hasDuplicates && (
        <DuplicateWarnings
          payment={payment}
          comparedId={compared?.payment_id}
          onCompare={setComparedId}
        />
      )}
      {/* Read in this order (facts, receipt, decision); from lg the receipt stands beside both,
          unless it is to be compared with others: then the receipts take the whole width. */}
      <div
        className={`grid grid-cols-1 gap-4 ${hasDuplicates ? '' : 'lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:grid-rows-[auto_1fr] lg:items-start'}`}
      >
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm lg:col-start-1 lg:grid-cols-1 lg:gap-y-0">
          {facts.map((f) => (
            <div key={f.key} className="contents lg:block lg:py-1">
              <dt className="text-slate-600">{i18n._(PAYMENTS_TEXTS[f.key]!)}</dt>
              <dd className="font-medium break-words text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
        <section
          aria-labelledby="payment-receipt-title"
          className={`flex flex-col gap-2 ${hasDuplicates ? '' : 'lg:col-start-2 lg:row-span-2 lg:row-start-1'}`}
        >
          <h3 id="payment-receipt-title" className="font-semibold text-slate-900">
            {i18n._('admin-payments.payments.receipt')}
          </h3>
          {payment.receipt_url && hasDuplicates ? (
            // Side by side from sm; stacked on a phone.
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <figure className="flex flex-col gap-2">
                <figcaption className="text-sm font-semibold text-slate-800">
                  {i18n._('admin-payments.payments.thisReceipt')}
                </figcaption>
                <ReceiptView
                  path={payment.receipt_url}
                  alt={i18n._('admin-payments.payments.receiptAlt', {
                    name: payment.member.name,
                    what,
                  })}
                />
              </figure>
              {compared && <OtherReceipt key={compared.payment_id} duplicate={compared} />}
            </div>
          ) : payment.receipt_url ? (
            <ReceiptView
              path={payment.receipt_url}
              alt={i18n._('admin-payments.payments.receiptAlt', {
                name: payment.member.name,
                what,
              })}
            />
          ) : (
            <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
              {i18n._('admin-payments.payments.noReceipt')}
            </p>
          )}
        </section>
        {payment.status === 'pending' && (
          <section
            aria-labelledby="payment-decision-title"
            className={`flex flex-col gap-4 ${hasDuplicates ? '' : 'lg:col-start-1 lg:row-start-2'}`}
          >
            <h3 id="payment-decision-title" className="sr-only">
              {i18n._('admin-payments.payments.decisionHeading')}
            </h3>
            <ApproveForm payment={payment} unseenIn={unseenIn} onDone={onDecided} />
            <RejectForm payment={payment} onDone={onDecided} />
          </section>
        )}
      </div>
    </section>
  );
}
