import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { z } from 'zod';
import type { approveForm } from '../../../lib/money-forms.ts';
import { tryParseAed, type Fils } from '@jamiya/money/fils';
import { filsToDecimalString } from '@jamiya/money/format';
import { AmountInput } from '../../../components/amount-input.tsx';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { aed, aedFils } from '../../../lib/format.ts';
import { periodLabel } from '../../../lib/dates.ts';
import { applyServerErrors, toastSuccess } from '../../../lib/messages.ts';
import { useApprovePayment, type AdminPayment } from '../api/admin-payments.ts';
import type { UnseenStatement } from '../api/unseen-payments.ts';
import { DecisionForm, useRefusal } from './decision-form.tsx';
import { UnseenQuestion } from './unseen-statement.tsx';

type ApproveForm = typeof approveForm;
const approveResolver = lazyZodResolver(() =>
  import('../../../lib/money-forms.ts').then((m) => m.approveForm),
);

/**
 * Approving a pending submission for the amount that came in: the one submitted, or another
 * typed over it; less than what remains of a month is approved as a part payment, once asked.
 * A receipt the bank statement of its date does not show (`unseenIn`) is approved once the
 * treasurer has said so in a dialog, asked last, just before the approval goes.
 */
export function ApproveForm({
  payment,
  unseenIn,
  onDone,
}: {
  payment: AdminPayment;
  unseenIn?: UnseenStatement | undefined;
  onDone: () => void;
}) {
  const i18n = useTexts();
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
  // The amount waiting for "approve anyway"; once said, not asked again for this receipt.
  const [unseenFils, setUnseenFils] = useState<Fils | null>(null);
  const [isUnseenAccepted, setUnseenAccepted] = useState(false);
  const approveId = useId();
  const refusal = useRefusal();

  const send = async (amount: Fils) => {
    refusal.clear();
    try {
      const res = await approve.mutateAsync({
        id: payment.id,
        amountFils: hasReceipt && amount === submittedFils ? undefined : amount,
      });
      toastSuccess(res.message);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['amount']);
      refusal.show(error);
    } finally {
      setPartFils(null);
    }
  };

  const approveOnce = async (amount: Fils) => {
    if (unseenIn && !isUnseenAccepted) setUnseenFils(amount);
    else await send(amount);
  };

  const approveAnyway = () => {
    if (unseenFils === null) return;
    setUnseenAccepted(true);
    setUnseenFils(null);
    void send(unseenFils);
  };

  const cancelUnseen = () => {
    setUnseenFils(null);
    // Approve was busy (the amount being checked) as the dialog opened, so the dialog has no
    // place to give focus back to: it goes back there once the dialog has closed.
    requestAnimationFrame(() => document.getElementById(approveId)?.focus());
  };

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    // Leaving part of the month unpaid is allowed, but asked once; more than remains is the
    // server's to refuse (its sentence says how much remains).
    if (month && amount < month.remainingFils) {
      setPartFils(amount);
      return;
    }
    await approveOnce(amount);
  });

  return (
    <>
      <DecisionForm
        id="approve"
        title={i18n._('admin-payments.payments.approveTitle')}
        onSubmit={onSubmit}
        refusal={refusal.message}
        actions={
          isConfirming && month ? (
            <div
              role="group"
              aria-labelledby="part-payment-question"
              className="flex flex-col gap-3 rounded-lg border border-amber-400 bg-amber-50 p-3"
            >
              <p id="part-payment-question" className="text-sm font-medium text-amber-950">
                {i18n._('admin-payments.payments.partPaymentConfirm', {
                  left: aedFils(month.remainingFils - partFils),
                  month: month.label,
                })}
              </p>
              <div className="flex flex-wrap gap-2">
                {/* The question replaces the Approve button: focus moves to its answer. */}
                <Button
                  autoFocus
                  type="button"
                  isBusy={approve.isPending}
                  onClick={() => void approveOnce(partFils)}
                >
                  {i18n._('admin-payments.payments.approvePart')}
                </Button>
                <Button type="button" variant="secondary" onClick={() => setPartFils(null)}>
                  {i18n._('admin-payments.payments.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <Button
              id={approveId}
              type="submit"
              isBusy={form.formState.isSubmitting || approve.isPending}
              className="self-start"
            >
              {i18n._(
                hasReceipt
                  ? /*i18n*/ 'admin-payments.payments.approve'
                  : /*i18n*/ 'admin-payments.payments.approveReceived',
              )}
            </Button>
          )
        }
      >
        <Field
          label={i18n._(
            hasReceipt
              ? /*i18n*/ 'admin-payments.payments.approveAmount'
              : /*i18n*/ 'admin-payments.payments.noReceiptAmount',
          )}
          hint={i18n._(
            hasReceipt
              ? /*i18n*/ 'admin-payments.payments.approveAmountHint'
              : /*i18n*/ 'admin-payments.payments.noReceiptAmountHint',
            {
              amount: aed(payment.amount),
            },
          )}
          error={form.formState.errors.amount?.message}
        >
          {(a) => (
            <AmountInput
              {...a}
              aria-required={!hasReceipt || undefined}
              {...form.register('amount')}
            />
          )}
        </Field>
        {isCorrected && validFils !== null && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {i18n._('admin-payments.payments.correctedNote', {
              amount: aedFils(validFils),
              submitted: aed(payment.amount),
            })}
          </p>
        )}
        {month && validFils !== null && leftFils !== null && (
          <p
            className={`rounded-lg px-3 py-2 text-sm ${leftFils < 0 ? 'bg-red-50 text-red-900' : 'bg-slate-100 text-slate-800'}`}
          >
            {leftFils < 0
              ? i18n._('admin-payments.payments.overRemaining', {
                  left: aedFils(month.remainingFils),
                  month: month.label,
                })
              : i18n._('admin-payments.payments.remainingAfter', {
                  month: month.label,
                  amount: aedFils(validFils),
                  left: aedFils(leftFils),
                })}
          </p>
        )}
      </DecisionForm>
      {unseenIn && (
        <UnseenQuestion
          statement={unseenIn}
          isOpen={unseenFils !== null}
          onApprove={approveAnyway}
          onCancel={cancelUnseen}
        />
      )}
    </>
  );
}
