import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useTexts } from '../lib/i18n.tsx';
import { ApiError } from '../lib/api-client.ts';
import { isolated } from '../lib/bidi.ts';
import { periodLabel } from '../lib/dates.ts';
import { aed } from '../lib/format.ts';
import { errorMessage, toastError, toastSuccess } from '../lib/messages.ts';
import { useWaiveFine, waiverOf } from '../api/waive-fine.ts';
import type { FundProposal } from '../api/proposals.ts';
import { Button } from './button.tsx';
import { Modal, ModalActions } from './modal.tsx';
import { closeOnConflict } from './reason-dialog.tsx';

// Texts of the admin area (namespace `admin`), as the proposal panel's: the member's page and
// the overview both confirm a waiver here.

/**
 * Another admin's proposal to waive a late fine, confirmed by repeating its call: the same
 * member and month, with the proposer's reason (the one the member reads). A question first;
 * a 409 (carried out or withdrawn meanwhile) closes it, another refusal stays written in it.
 */
export function ConfirmWaiverDialog({
  proposal,
  isOpen,
  onClose,
  onConfirmed,
}: {
  proposal: FundProposal;
  isOpen: boolean;
  onClose: () => void;
  /** After the dialog has closed: where the focus goes, the button that opened it being gone. */
  onConfirmed?: () => void;
}) {
  const i18n = useTexts();
  const waive = useWaiveFine();
  const [refusal, setRefusal] = useState<string | null>(null);
  const asked = waiverOf(proposal);
  const close = () => {
    setRefusal(null);
    onClose();
  };

  const run = async () => {
    if (!asked) return;
    setRefusal(null);
    try {
      const answer = await waive.mutateAsync(asked);
      // Out of the top layer first, so that the toast shows on the page.
      flushSync(close);
      toastSuccess(answer.message);
      onConfirmed?.();
    } catch (error) {
      if (closeOnConflict(error, close)) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setRefusal(errorMessage(error));
      else toastError(error);
    }
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => !waive.isPending && close()}
      title={i18n._('admin.fineWaiver.dialogTitle')}
    >
      <div className="flex flex-col gap-4">
        <p className="text-slate-800">
          {i18n._('admin.fineWaiver.dialogBody', {
            by: isolated(proposal.proposed_by.name),
            amount: aed(proposal.amount ?? 0),
            name: isolated(proposal.member?.name ?? ''),
            month: asked ? periodLabel(asked.period) : '',
          })}
        </p>
        {proposal.reason && (
          <p className="break-words text-slate-800">
            {i18n._('admin.loan.reason', { reason: proposal.reason })}
          </p>
        )}
        <p className="text-sm text-slate-700">{i18n._('admin.fineWaiver.dialogNote')}</p>
        {refusal && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
            {refusal}
          </p>
        )}
        <ModalActions>
          <Button variant="secondary" disabled={waive.isPending} onClick={close}>
            {i18n._('common.cancel')}
          </Button>
          <Button isBusy={waive.isPending} disabled={!asked} onClick={() => void run()}>
            {i18n._('admin.fineWaiver.confirm')}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
