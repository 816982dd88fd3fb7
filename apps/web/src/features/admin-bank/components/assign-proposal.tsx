import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { BankLine } from '@jamiya/contracts/bank';
import { useTexts } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { closeOnConflict } from '../../../components/reason-dialog.tsx';
import type { FundProposal } from '../../../api/proposals.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { errorMessage, toastError } from '../../../lib/messages.ts';
import { useAssignLine } from '../api/assign-line.ts';
import { askedOf } from '../lib/assign-proposals.ts';

/**
 * A line another admin (or this one) proposed to assign: to whom and what for. Another admin
 * confirms it by making the same call on the line (a question first); the proposer reads why
 * they cannot; anyone may withdraw it.
 */
export function AssignProposal({
  proposal,
  line,
  isMine,
  onAssigned,
}: {
  proposal: FundProposal;
  line: BankLine;
  isMine: boolean;
  onAssigned: (message: string) => void;
}) {
  const i18n = useTexts();
  const asked = askedOf(proposal)!;
  const who = proposal.member;
  const name = who ? `${isolated(who.name)} (${who.unique_id})` : '…';
  const what = asked.period
    ? i18n._('admin-bank.payment.dues', { month: periodLabel(asked.period) })
    : i18n._('admin-bank.payment.loanRepaymentOf', { id: asked.loanId });
  const assign = useAssignLine();
  const [isConfirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = async () => {
    setRefusal(null);
    try {
      const answer = await assign.mutateAsync({
        lineId: line.id,
        body:
          asked.loanId !== null
            ? { member_id: asked.memberId, loan_id: asked.loanId }
            : { member_id: asked.memberId, period: asked.period! },
      });
      // Out of the top layer first, so that the answer's heading keeps the focus.
      flushSync(() => setConfirming(false));
      onAssigned(answer.message);
    } catch (error) {
      if (closeOnConflict(error, () => setConfirming(false))) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setRefusal(errorMessage(error));
      else toastError(error);
    }
  };

  return (
    <>
      <ProposalPanel
        proposal={proposal}
        isMine={isMine}
        confirmLabel={i18n._('admin-bank.proposal.confirm')}
        onConfirm={() => setConfirming(true)}
      >
        <p>{i18n._('admin-bank.proposal.what', { name, what })}</p>
      </ProposalPanel>
      <Modal
        isOpen={isConfirming}
        onClose={() => !assign.isPending && setConfirming(false)}
        title={i18n._('admin-bank.proposal.dialogTitle')}
      >
        <div className="flex flex-col gap-4">
          <p className="text-slate-800">
            {i18n._('admin-bank.proposal.dialogBody', {
              by: isolated(proposal.proposed_by.name),
              amount: aed(line.amount),
              date: formatDate(line.booked_on),
              name,
              what,
            })}
          </p>
          {refusal && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
              {refusal}
            </p>
          )}
          <ModalActions>
            <Button
              variant="secondary"
              disabled={assign.isPending}
              onClick={() => setConfirming(false)}
            >
              {i18n._('common.cancel')}
            </Button>
            <Button isBusy={assign.isPending} disabled={!who} onClick={() => void run()}>
              {i18n._('admin-bank.proposal.confirm')}
            </Button>
          </ModalActions>
        </div>
      </Modal>
    </>
  );
}
