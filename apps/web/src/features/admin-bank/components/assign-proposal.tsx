import { useTexts } from '../../../lib/i18n.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { formatDate, periodLabel } from '../../../lib/dates.ts';
import { aed } from '../../../lib/format.ts';
import { useAssignLine } from '../api/assign-line.ts';
import { askedOf } from '../lib/assign-proposals.ts';
import { ConfirmLineProposal, type LineProposalProps } from './confirm-line-proposal.tsx';

/**
 * A line another admin (or this one) proposed to assign: to whom and what for. Another admin
 * confirms it by making the same call on the line (a question first); the proposer reads why
 * they cannot; anyone may withdraw it.
 */
export function AssignProposal({ proposal, line, isMine, onDone }: LineProposalProps) {
  const i18n = useTexts();
  const asked = askedOf(proposal)!;
  const who = proposal.member;
  const name = who ? `${isolated(who.name)} (${who.unique_id})` : '…';
  const what = asked.period
    ? i18n._('admin-bank.payment.dues', { month: periodLabel(asked.period) })
    : i18n._('admin-bank.payment.loanRepaymentOf', { id: asked.loanId });
  const assign = useAssignLine();

  return (
    <ConfirmLineProposal
      proposal={proposal}
      isMine={isMine}
      confirmLabel={i18n._('admin-bank.proposal.confirm')}
      title={i18n._('admin-bank.proposal.dialogTitle')}
      question={i18n._('admin-bank.proposal.dialogBody', {
        by: isolated(proposal.proposed_by.name),
        amount: aed(line.amount),
        date: formatDate(line.booked_on),
        name,
        what,
      })}
      isPending={assign.isPending}
      canConfirm={Boolean(who)}
      confirm={() =>
        assign.mutateAsync({
          lineId: line.id,
          body:
            asked.loanId !== null
              ? { member_id: asked.memberId, loan_id: asked.loanId }
              : { member_id: asked.memberId, period: asked.period! },
        })
      }
      onConfirmed={(answer) => onDone({ kind: 'recorded', message: answer.message })}
    >
      <p>{i18n._('admin-bank.proposal.what', { name, what })}</p>
    </ConfirmLineProposal>
  );
}
