import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useState, type Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { approveForm } from '../utils/money-forms.ts';
import type { reasonRequest } from '@jamiya/contracts/admin';
import { filsToAed, tryParseAed, type Fils } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { aed, formatDate } from '../../../lib/format.ts';
import {
  applyServerErrors,
  errorMessage,
  toastError,
  toastSuccess,
} from '../../../lib/messages.ts';
import {
  useAdminPayment,
  useApprovePayment,
  useRejectPayment,
  type AdminPayment,
} from '../api/admin-payments.ts';
import { periodLabel } from '../../../lib/format.ts';
import { duplicateWarning, paymentWhat, PAYMENT_TONE } from './payment-text.ts';
import { ReceiptView } from './receipt-view.tsx';

/** One submission beside its receipt, with the decision when it is still pending. */
export function PaymentReview({
  payment,
  onDecided,
  headingRef,
}: {
  payment: AdminPayment;
  onDecided: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation('admin');
  const what = paymentWhat(t, payment);
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
          {t('payments.memberLine', { name: payment.member.name, id: payment.member.unique_id })}
        </Link>
      ),
    },
    { key: 'kind', value: what },
    { key: 'amount', value: aed(payment.amount) },
    ...(payment.dues_month
      ? [
          { key: 'monthDue', value: aed(payment.dues_month.due) },
          { key: 'monthPaid', value: aed(payment.dues_month.paid) },
        ]
      : []),
    ...(isCorrected ? [{ key: 'approvedAmount', value: aed(payment.approved_amount!) }] : []),
    ...(payment.account_number ? [{ key: 'accountNumber', value: payment.account_number }] : []),
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
          {t('payments.detail')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {payment.receipt_url === null && (
            <StatusBadge tone="neutral">{t('payments.noReceiptBadge')}</StatusBadge>
          )}
          <StatusBadge tone={PAYMENT_TONE[payment.status]}>
            {t(`payments.status.${payment.status}`)}
          </StatusBadge>
        </div>
      </div>
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
              <dt className="text-slate-600">{t(`payments.${f.key}`)}</dt>
              <dd className="font-medium break-words text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
        <section
          aria-labelledby="payment-receipt-title"
          className={`flex flex-col gap-2 ${hasDuplicates ? '' : 'lg:col-start-2 lg:row-span-2 lg:row-start-1'}`}
        >
          <h3 id="payment-receipt-title" className="font-semibold text-slate-900">
            {t('payments.receipt')}
          </h3>
          {payment.receipt_url && hasDuplicates ? (
            // Side by side from sm; stacked on a phone.
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <figure className="flex flex-col gap-2">
                <figcaption className="text-sm font-semibold text-slate-800">
                  {t('payments.thisReceipt')}
                </figcaption>
                <ReceiptView
                  path={payment.receipt_url}
                  alt={t('payments.receiptAlt', { name: payment.member.name, what })}
                />
              </figure>
              {compared && <OtherReceipt key={compared.payment_id} duplicate={compared} />}
            </div>
          ) : payment.receipt_url ? (
            <ReceiptView
              path={payment.receipt_url}
              alt={t('payments.receiptAlt', { name: payment.member.name, what })}
            />
          ) : (
            <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
              {t('payments.noReceipt')}
            </p>
          )}
        </section>
        {payment.status === 'pending' && (
          <section
            aria-labelledby="payment-decision-title"
            className={`flex flex-col gap-4 ${hasDuplicates ? '' : 'lg:col-start-1 lg:row-start-2'}`}
          >
            <h3 id="payment-decision-title" className="sr-only">
              {t('payments.decisionHeading')}
            </h3>
            <ApproveForm payment={payment} onDone={onDecided} />
            <RejectForm payment={payment} onDone={onDecided} />
          </section>
        )}
      </div>
    </section>
  );
}

type PossibleDuplicate = AdminPayment['possible_duplicates'][number];

function DuplicateWarnings({
  payment,
  comparedId,
  onCompare,
}: {
  payment: AdminPayment;
  comparedId: number | undefined;
  onCompare: (id: number) => void;
}) {
  const { t } = useTranslation('admin');
  const several = payment.possible_duplicates.length > 1;
  return (
    <div
      role="note"
      aria-label={t('payments.duplicateHeading')}
      className="rounded-xl border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-amber-950"
    >
      <ul className="flex flex-col gap-1">
        {payment.possible_duplicates.map((d) => (
          <li key={d.payment_id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{duplicateWarning(t, d)}</span>
            {several && (
              <button
                type="button"
                aria-pressed={d.payment_id === comparedId}
                onClick={() => onCompare(d.payment_id)}
                className="rounded-lg border border-amber-600 px-2 py-0.5 text-xs font-semibold text-amber-950 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700 aria-pressed:bg-amber-200"
              >
                {t('payments.compareReceipt')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The other submission's receipt. */
function OtherReceipt({ duplicate }: { duplicate: PossibleDuplicate }) {
  const { t } = useTranslation('admin');
  const other = useAdminPayment(duplicate.payment_id);
  const names = {
    name: duplicate.member.name,
    what: duplicate.month ?? t('payments.duplicateLoanRepayment'),
  };
  let body;
  if (other.isPending) body = <Spinner />;
  else if (other.isError)
    body = <ErrorState message={errorMessage(other.error)} onRetry={() => void other.refetch()} />;
  else if (!other.data?.receipt_url)
    body = (
      <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
        {t('payments.otherReceiptGone')}
      </p>
    );
  else
    body = <ReceiptView path={other.data.receipt_url} alt={t('payments.otherReceiptAlt', names)} />;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold text-slate-800">
        {t('payments.otherReceipt', names)} ({t(`payments.status.${duplicate.status}`)})
      </figcaption>
      {body}
    </figure>
  );
}

type ApproveForm = typeof approveForm;
const approveResolver = lazyZodResolver(() =>
  import('../utils/money-forms.ts').then((m) => m.approveForm),
);
const rejectResolver = lazyZodResolver(() =>
  import('@jamiya/contracts/admin').then((m) => m.reasonRequest),
);

/**
 * A refusal the treasurer must read where they acted: 403 (their own payment) or 422 (the
 * amount); anything else goes to a toast. Field errors also go beside their field.
 */
function refusalOf(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 403 || error.status === 422)
    ? errorMessage(error)
    : null;
}

function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
      {message}
    </p>
  );
}

function ApproveForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const approve = useApprovePayment();
  // Without a receipt nothing shows what came in: the treasurer types it, from an empty field.
  const hasReceipt = payment.receipt_url !== null;
  const submittedFils = tryParseAed(payment.amount) ?? 0;
  const form = useForm<z.input<ApproveForm>, unknown, z.output<ApproveForm>>({
    resolver: approveResolver,
    defaultValues: { amount: hasReceipt ? filsToDecimalString(submittedFils) : '' },
  });
  const typed = useWatch({ control: form.control, name: 'amount' });
  const typedFils = tryParseAed(typed.trim());
  const validFils = typedFils !== null && typedFils > 0 ? typedFils : null;
  const isCorrected = hasReceipt && validFils !== null && validFils !== submittedFils;
  const month =
    payment.dues_month && payment.period
      ? {
          label: periodLabel(payment.period),
          remainingFils: tryParseAed(payment.dues_month.remaining) ?? 0,
        }
      : null;
  const leftFils = month && validFils !== null ? month.remainingFils - validFils : null;
  // The amount waiting for "approve as a part payment"; typing another amount drops it.
  const [partFils, setPartFils] = useState<Fils | null>(null);
  const isConfirming = partFils !== null && partFils === typedFils;
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = async (amount: Fils) => {
    setRefusal(null);
    try {
      const res = await approve.mutateAsync({
        id: payment.id,
        amountFils: hasReceipt && amount === submittedFils ? undefined : amount,
      });
      toastSuccess(res.message);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['amount']);
      const message = refusalOf(error);
      if (message) setRefusal(message);
      else toastError(error);
    } finally {
      setPartFils(null);
    }
  };

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    // Leaving part of the month unpaid is allowed, but asked once; more than remains is the
    // server's to refuse (its sentence says how much remains).
    if (month && amount < month.remainingFils) {
      setPartFils(amount);
      return;
    }
    await send(amount);
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="approve-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3"
    >
      <h4 id="approve-title" className="font-semibold text-slate-900">
        {t('payments.approveTitle')}
      </h4>
      <Field
        label={t(hasReceipt ? 'payments.approveAmount' : 'payments.noReceiptAmount')}
        hint={t(hasReceipt ? 'payments.approveAmountHint' : 'payments.noReceiptAmountHint', {
          amount: aed(payment.amount),
        })}
        error={form.formState.errors.amount?.message}
      >
        {(a) => (
          <input
            {...a}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            aria-required={!hasReceipt || undefined}
            className={inputClass}
            {...form.register('amount')}
          />
        )}
      </Field>
      {isCorrected && validFils !== null && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('payments.correctedNote', {
            amount: aed(filsToAed(validFils)),
            submitted: aed(payment.amount),
          })}
        </p>
      )}
      {month && validFils !== null && leftFils !== null && (
        <p
          className={`rounded-lg px-3 py-2 text-sm ${leftFils < 0 ? 'bg-red-50 text-red-900' : 'bg-slate-100 text-slate-800'}`}
        >
          {leftFils < 0
            ? t('payments.overRemaining', {
                left: aed(filsToAed(month.remainingFils)),
                month: month.label,
              })
            : t('payments.remainingAfter', {
                month: month.label,
                amount: aed(filsToAed(validFils)),
                left: aed(filsToAed(leftFils)),
              })}
        </p>
      )}
      <Refusal message={refusal} />
      {isConfirming && month ? (
        <div
          role="group"
          aria-labelledby="part-payment-question"
          className="flex flex-col gap-3 rounded-lg border border-amber-400 bg-amber-50 p-3"
        >
          <p id="part-payment-question" className="text-sm font-medium text-amber-950">
            {t('payments.partPaymentConfirm', {
              left: aed(filsToAed(month.remainingFils - partFils)),
              month: month.label,
            })}
          </p>
          <div className="flex flex-wrap gap-2">
            {/* The question replaces the Approve button: focus moves to its answer. */}
            <Button
              autoFocus
              type="button"
              isBusy={approve.isPending}
              onClick={() => void send(partFils)}
            >
              {t('payments.approvePart')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setPartFils(null)}>
              {t('payments.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit" isBusy={form.formState.isSubmitting} className="self-start">
          {t(hasReceipt ? 'payments.approve' : 'payments.approveReceived')}
        </Button>
      )}
    </form>
  );
}

function RejectForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const reject = useRejectPayment();
  const form = useForm<z.input<typeof reasonRequest>, unknown, z.output<typeof reasonRequest>>({
    resolver: rejectResolver,
    defaultValues: { reason: '' },
  });

  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setRefusal(null);
    try {
      const res = await reject.mutateAsync({ id: payment.id, reason });
      toastSuccess(res.message);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
      const message = refusalOf(error);
      if (message) setRefusal(message);
      else toastError(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="reject-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3"
    >
      <h4 id="reject-title" className="font-semibold text-slate-900">
        {t('payments.rejectTitle')}
      </h4>
      <Field
        label={t('payments.rejectReason')}
        hint={t('payments.rejectReasonHint')}
        error={form.formState.errors.reason?.message}
      >
        {(a) => (
          <textarea
            {...a}
            rows={2}
            maxLength={500}
            aria-required
            className={inputClass}
            {...form.register('reason')}
          />
        )}
      </Field>
      <Refusal message={refusal} />
      <Button
        type="submit"
        variant="danger"
        isBusy={form.formState.isSubmitting}
        className="self-start"
      >
        {t('payments.reject')}
      </Button>
    </form>
  );
}
