import { useTexts } from '../lib/i18n.tsx';
import { isolated } from '../lib/bidi.ts';
import { periodLabel } from '../lib/dates.ts';
import { aed } from '../lib/format.ts';
import { useWaiveFine, waiverOf } from '../api/waive-fine.ts';
import type { FundProposal } from '../api/proposals.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

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
  const asked = waiverOf(proposal);

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      title={i18n._('admin.fineWaiver.dialogTitle')}
      confirmLabel={i18n._('admin.fineWaiver.confirm')}
      isConfirmDisabled={!asked}
      onConfirm={async () => (asked ? (await waive.mutateAsync(asked)).message : null)}
      onDone={onConfirmed}
    >
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
    </ConfirmDialog>
  );
}
