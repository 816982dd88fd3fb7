import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import type { Ref } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { approveForm } from '../utils/money-forms.ts';
import type { reasonRequest } from '@jamiya/contracts/admin';
import { filsToAed, tryParseAed } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { aed, formatDate } from '../../../lib/format.ts';
import { applyServerErrors, toastError, toastSuccess } from '../../../lib/messages.ts';
import { useApprovePayment, useRejectPayment, type AdminPayment } from '../api/admin-payments.ts';
import { paymentWhat, PAYMENT_TONE } from './payment-text.ts';
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
        <StatusBadge tone={PAYMENT_TONE[payment.status]}>
          {t(`payments.status.${payment.status}`)}
        </StatusBadge>
      </div>
      {/* Read in this order (facts, receipt, decision); from lg the receipt stands beside both. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.25fr)] lg:grid-rows-[auto_1fr] lg:items-start">
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
          className="flex flex-col gap-2 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <h3 id="payment-receipt-title" className="font-semibold text-slate-900">
            {t('payments.receipt')}
          </h3>
          {payment.receipt_url ? (
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
            className="flex flex-col gap-4 lg:col-start-1 lg:row-start-2"
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

type ApproveForm = typeof approveForm;
const approveResolver = lazyZodResolver(() =>
  import('../utils/money-forms.ts').then((m) => m.approveForm),
);
const rejectResolver = lazyZodResolver(() =>
  import('@jamiya/contracts/admin').then((m) => m.reasonRequest),
);

function ApproveForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const approve = useApprovePayment();
  const submittedFils = tryParseAed(payment.amount) ?? 0;
  const form = useForm<z.input<ApproveForm>, unknown, z.output<ApproveForm>>({
    resolver: approveResolver,
    defaultValues: { amount: filsToDecimalString(submittedFils) },
  });
  const typed = useWatch({ control: form.control, name: 'amount' });
  const typedFils = tryParseAed(typed.trim());
  const isCorrected = typedFils !== null && typedFils > 0 && typedFils !== submittedFils;

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    try {
      const res = await approve.mutateAsync({
        id: payment.id,
        amountFils: amount === submittedFils ? undefined : amount,
      });
      toastSuccess(res.message);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['amount']);
      toastError(error);
    }
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
        label={t('payments.approveAmount')}
        hint={t('payments.approveAmountHint', { amount: aed(payment.amount) })}
        error={form.formState.errors.amount?.message}
      >
        {(a) => (
          <input
            {...a}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            className={inputClass}
            {...form.register('amount')}
          />
        )}
      </Field>
      {isCorrected && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('payments.correctedNote', {
            amount: aed(filsToAed(typedFils)),
            submitted: aed(payment.amount),
          })}
        </p>
      )}
      <Button type="submit" isBusy={form.formState.isSubmitting} className="self-start">
        {t('payments.approve')}
      </Button>
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

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      const res = await reject.mutateAsync({ id: payment.id, reason });
      toastSuccess(res.message);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
      toastError(error);
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
