import { useId, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { ProposedBy } from '../../../components/proposal-panel.tsx';
import { aed, aedFils } from '../../../lib/format.ts';
import type { FundProposal } from '../../../api/proposals.ts';
import type { AdminLoan } from '../api/admin-loans.ts';
import { heldFils } from '../../../lib/guarantee-coverage.ts';

/** The choice a write-off proposal carries: the one carried out when a second admin confirms. */
export const proposedRecovery = (proposal: FundProposal | undefined): boolean | undefined => {
  const choice = proposal?.details?.recover_from_guarantors;
  return typeof choice === 'boolean' ? choice : undefined;
};

/**
 * A write-off, with its reason and, when guarantees hold some of the guarantors' savings,
 * whether the loss is recovered from them (pro rata, by the server). Confirming another admin's
 * proposal (`proposal`) starts from its reason and keeps its choice of recovery.
 */
export function WriteOffDialog({
  loan,
  isOpen,
  onClose,
  proposal,
  needsSecond,
  onConfirm,
}: {
  loan: AdminLoan;
  isOpen: boolean;
  onClose: () => void;
  proposal: FundProposal | undefined;
  needsSecond: string | null;
  onConfirm: (reason: string | undefined, recoverFromGuarantors: boolean) => Promise<string>;
}) {
  const i18n = useTexts();
  const hintId = useId();
  const proposed = proposedRecovery(proposal);
  const [isRecovering, setRecovering] = useState(proposed ?? false);
  const held = heldFils(loan);
  const canRecover = held > 0;
  const close = () => {
    setRecovering(proposed ?? false);
    onClose();
  };

  return (
    <ReasonDialog
      isOpen={isOpen}
      onClose={close}
      title={i18n._('admin-loans.loan.writeOffTitle', { id: loan.id })}
      reasonLabel={i18n._('admin-loans.loan.writeOffReason')}
      reasonHint={proposal ? i18n._('admin-loans.proposal.reasonHint') : undefined}
      isReasonRequired
      defaultReason={proposal?.reason ?? ''}
      confirmLabel={
        proposal
          ? i18n._('admin-loans.proposal.confirmWriteOff')
          : i18n._('admin-loans.loan.writeOffConfirm')
      }
      isDanger
      onConfirm={(reason) => onConfirm(reason, proposed ?? (canRecover && isRecovering))}
    >
      <p className="text-slate-700">
        {i18n._('admin-loans.loan.writeOffBody', { remaining: aed(loan.remaining_amount) })}
      </p>
      {proposal && (
        <p className="text-slate-700">
          <ProposedBy proposal={proposal} />
        </p>
      )}
      {canRecover && (
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-center gap-3 self-start">
            <input
              type="checkbox"
              checked={proposed ?? isRecovering}
              // A proposal is confirmed as it was made.
              disabled={proposed !== undefined}
              aria-describedby={hintId}
              onChange={(event) => setRecovering(event.target.checked)}
              className="size-5 shrink-0 accent-brand-700"
            />
            <span className="font-medium text-slate-800">
              {i18n._('admin-loans.writeOff.recover')}
            </span>
          </label>
          <p id={hintId} className="ps-8 text-sm text-slate-600">
            {proposed === undefined
              ? i18n._('admin-loans.writeOff.recoverHint', { held: aedFils(held) })
              : i18n._('admin-loans.writeOff.recoverAsProposed')}
          </p>
        </div>
      )}
      {needsSecond && <p className="text-sm text-slate-700">{needsSecond}</p>}
    </ReasonDialog>
  );
}
