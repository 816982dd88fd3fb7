import { useId, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { useTexts } from '../lib/i18n.tsx';
import { formatDateTime } from '../lib/dates.ts';
import { toastError, toastSuccess } from '../lib/messages.ts';
import { useWithdrawProposal, type FundProposal, type ProposalAction } from '../api/proposals.ts';

// What waits for a second admin, as the treasurer's pages show it (the loans, the overview, a
// member's page). Its texts are the admin area's (namespace `admin`, loaded by its layout).

/** The text of each action, in the overview's texts (ids cannot hold the action's dot). */
export const KIND_TEXTS: Record<ProposalAction, string> = {
  'loan.disburse': /*i18n*/ 'admin.proposal.kinds.disburse',
  'loan.write_off': /*i18n*/ 'admin.proposal.kinds.writeOff',
  'loan.cash_repayment': /*i18n*/ 'admin.proposal.kinds.cashRepayment',
  'bonus.close': /*i18n*/ 'admin.proposal.kinds.bonusClose',
  'member.deactivate': /*i18n*/ 'admin.proposal.kinds.memberDeactivate',
  'member.activate': /*i18n*/ 'admin.proposal.kinds.memberActivate',
  'member.password_link': /*i18n*/ 'admin.proposal.kinds.passwordLink',
  'import.apply': /*i18n*/ 'admin.proposal.kinds.importApply',
  'bank.assign': /*i18n*/ 'admin.proposal.kinds.bankAssign',
  'fine.waive': /*i18n*/ 'admin.proposal.kinds.fineWaive',
  'exit.payout': /*i18n*/ 'admin.proposal.kinds.exitPayout',
  'bank.book': /*i18n*/ 'admin.proposal.kinds.bankBook',
  'journal.post': /*i18n*/ 'admin.proposal.kinds.journalPost',
  'entry.reverse': /*i18n*/ 'admin.proposal.kinds.entryReverse',
  'settings.money_paths': /*i18n*/ 'admin.proposal.kinds.moneyPaths',
  'month.lock': /*i18n*/ 'admin.proposal.kinds.monthLock',
  'year.close': /*i18n*/ 'admin.proposal.kinds.yearClose',
  'year.reopen': /*i18n*/ 'admin.proposal.kinds.yearReopen',
};

/** "Proposed by <name> on <date and time>". */
export function ProposedBy({ proposal }: { proposal: FundProposal }) {
  const i18n = useTexts();
  return i18n._('admin.proposal.proposedBy', {
    name: proposal.proposed_by.name,
    date: formatDateTime(proposal.proposed_at),
  });
}

/** Withdraws a proposal (any admin may); `describedBy` names which one in a list. */
export function WithdrawButton({
  proposal,
  describedBy,
  onWithdrawn,
}: {
  proposal: FundProposal;
  describedBy?: string;
  onWithdrawn?: () => void;
}) {
  const i18n = useTexts();
  const withdraw = useWithdrawProposal();
  const run = async () => {
    try {
      const res = await withdraw.mutateAsync({ id: proposal.id });
      toastSuccess(res.message);
      onWithdrawn?.();
    } catch (error) {
      // A 409 (already carried out or withdrawn): the refetch shows where it stands.
      toastError(error);
    }
  };
  return (
    <Button
      variant="secondary"
      isBusy={withdraw.isPending}
      aria-describedby={describedBy}
      onClick={() => void run()}
    >
      {i18n._('admin.proposal.withdraw')}
    </Button>
  );
}

/**
 * An open proposal on its page (a loan's, a member's): who proposed what and when, and what this
 * admin may do.
 * The proposer cannot confirm their own proposal (the server refuses it), so they read why
 * instead of a Confirm button; anyone may withdraw it.
 */
export function ProposalPanel({
  proposal,
  isMine,
  confirmLabel,
  onConfirm,
  onWithdrawn,
  headingId,
  note,
  children,
}: {
  proposal: FundProposal;
  isMine: boolean;
  confirmLabel: string;
  onConfirm: () => void;
  onWithdrawn?: () => void;
  /** A fixed id for the heading, which can then take the focus (once a proposal is made). */
  headingId?: string;
  /** What this admin may do, said for this kind of proposal; a general sentence by default. */
  note?: string;
  /** What is proposed, in a sentence or two. */
  children: ReactNode;
}) {
  const i18n = useTexts();
  const ownId = useId();
  const titleId = headingId ?? ownId;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950 sm:p-4"
    >
      <h3
        id={titleId}
        tabIndex={headingId ? -1 : undefined}
        className="font-bold focus:outline-none"
      >
        {i18n._('admin.proposal.waiting')}
      </h3>
      <p>
        <ProposedBy proposal={proposal} />
      </p>
      {children}
      {proposal.reason && <p>{i18n._('admin.loan.reason', { reason: proposal.reason })}</p>}
      <p className="text-sm">
        {note ??
          (isMine ? i18n._('admin.proposal.ownProposal') : i18n._('admin.proposal.othersProposal'))}
      </p>
      <div className="flex flex-wrap gap-2">
        {!isMine && <Button onClick={onConfirm}>{confirmLabel}</Button>}
        <WithdrawButton proposal={proposal} describedBy={titleId} onWithdrawn={onWithdrawn} />
      </div>
    </section>
  );
}
