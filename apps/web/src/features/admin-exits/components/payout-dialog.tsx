import { tryParseAed } from '@jamiya/money/fils';
import { useTexts } from '../../../lib/i18n.tsx';
import { isolated } from '../../../lib/bidi.ts';
import { aed, aedFils } from '../../../lib/format.ts';
import { isPayoutProposed, usePayOutExit, type AdminExit } from '../../../api/exits.ts';
import type { AdminOverview } from '../../../api/get-overview.ts';
import type { FundProposal } from '../../../api/proposals.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CashBeforeAfter } from '../../../components/figures.tsx';
import { ProposedBy } from '../../../components/proposal-panel.tsx';

/**
 * The question before a leaving member's payout: how much, to whom and where, and the cash it
 * leaves. One admin acting alone pays it out; with two or more active admins it is proposed
 * (`isProposing`), then another admin confirms the proposal (`proposal`) with the same amount.
 * Cash cannot go below zero, so a payout larger than the cash cannot be confirmed (the server
 * refuses it too, with a 409).
 */
export function PayoutDialog({
  exit,
  amount,
  isOpen,
  onClose,
  onDone,
  proposal,
  isProposing,
  overview,
}: {
  exit: AdminExit;
  /** What is paid (AED): the settlement's payout, or the proposal's when confirming it. */
  amount: number;
  isOpen: boolean;
  onClose: () => void;
  onDone: () => void;
  proposal: FundProposal | undefined;
  isProposing: boolean;
  overview: AdminOverview | undefined;
}) {
  const i18n = useTexts();
  const payOut = usePayOutExit();
  const name = exit.member.name;
  const amountFils = tryParseAed(amount) ?? 0;
  const cashFils = overview ? tryParseAed(overview.cash_in_hand) : null;
  const leftFils = cashFils === null ? null : cashFils - amountFils;
  const isShort = leftFils !== null && leftFils < 0;

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onClose={onClose}
      title={
        proposal
          ? i18n._('admin-exits.payout.confirmTitle', { name })
          : i18n._('admin-exits.payout.title', { name })
      }
      confirmLabel={
        proposal
          ? i18n._('admin-exits.payout.confirm')
          : isProposing
            ? i18n._('admin-exits.payout.propose')
            : i18n._('admin-exits.payout.submit')
      }
      isConfirmDisabled={isShort}
      onConfirm={async () => {
        const answer = await payOut.mutateAsync({ exitId: exit.id, amount });
        return isPayoutProposed(answer)
          ? i18n._('admin-exits.payout.proposedToast')
          : answer.message;
      }}
      onDone={onDone}
    >
      <p className="text-slate-800">
        {i18n._('admin-exits.payout.body', { amount: aed(amount), name: isolated(name) })}
      </p>
      <div className="rounded-xl bg-slate-50 p-3">
        <p className="text-sm text-slate-600">{i18n._('admin-exits.fields.payTo')}</p>
        <p dir="auto" className="font-semibold break-words text-slate-900">
          {exit.pay_to}
        </p>
      </div>
      {proposal && (
        <p className="text-slate-700">
          <ProposedBy proposal={proposal} />
        </p>
      )}
      {cashFils !== null && leftFils !== null && (
        <CashBeforeAfter
          cashFils={cashFils}
          leftFils={leftFils}
          labels={{
            before: i18n._('admin-exits.payout.cashInHand'),
            after: i18n._('admin-exits.payout.cashAfter'),
          }}
          className="rounded-xl"
        />
      )}
      {isShort && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 font-medium text-red-900">
          {i18n._('admin-exits.payout.cashShort', {
            cash: aedFils(cashFils ?? 0),
            amount: aed(amount),
          })}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {proposal
          ? i18n._('admin-exits.payout.confirmNote')
          : isProposing
            ? i18n._('admin-exits.payout.proposeNote')
            : i18n._('admin-exits.payout.note')}
      </p>
    </ConfirmDialog>
  );
}
