import { lazyZodResolver } from '../../../lib/zod-resolver.ts';
import { useForm } from 'react-hook-form';
import { useTexts } from '../../../lib/i18n.tsx';
import type { z } from 'zod';
import type { reasonRequest } from '@jamiya/contracts/admin';
import { Button } from '../../../components/button.tsx';
import { Field, inputClass } from '../../../components/field.tsx';
import { applyServerErrors, toastSuccess } from '../../../lib/messages.ts';
import { useRejectPayment, type AdminPayment } from '../api/admin-payments.ts';
import { DecisionForm, useRefusal } from './decision-form.tsx';

const rejectResolver = lazyZodResolver(() =>
  import('@jamiya/contracts/admin').then((m) => m.reasonRequest),
);

/** Rejecting a pending submission, with the reason the member reads. */
export function RejectForm({ payment, onDone }: { payment: AdminPayment; onDone: () => void }) {
  const i18n = useTexts();
  const reject = useRejectPayment();
  const form = useForm<z.input<typeof reasonRequest>, unknown, z.output<typeof reasonRequest>>({
    resolver: rejectResolver,
    defaultValues: { reason: '' },
  });
  const refusal = useRefusal();

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    refusal.clear();
    try {
      const res = await reject.mutateAsync({ id: payment.id, reason });
      toastSuccess(res.message);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['reason']);
      refusal.show(error);
    }
  });

  return (
    <DecisionForm
      id="reject"
      title={i18n._('admin-payments.payments.rejectTitle')}
      onSubmit={onSubmit}
      refusal={refusal.message}
      actions={
        <Button
          type="submit"
          variant="danger"
          isBusy={form.formState.isSubmitting}
          className="self-start"
        >
          {i18n._('admin-payments.payments.reject')}
        </Button>
      }
    >
      <Field
        label={i18n._('admin-payments.payments.rejectReason')}
        hint={i18n._('admin-payments.payments.rejectReasonHint')}
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
    </DecisionForm>
  );
}
