import { tryParseAed } from '@jamiya/money/fils';
import { useTexts } from '../../../lib/i18n.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { aed, aedFils } from '../../../lib/format.ts';
import type { AdminLoan } from '../api/admin-loans.ts';
import type { useOverview } from '../../../api/get-overview.ts';
import type { FundProposal } from '../../../api/proposals.ts';
import { CashBeforeAfter } from '../../../components/figures.tsx';
import { ProposedBy } from '../../../components/proposal-panel.tsx';

/**
 * The pay-out, with the cash in hand and what would remain: cash cannot go below zero, so a
 * loan larger than the cash cannot be confirmed (the server refuses it too, with a 409). When
 * the money is sent: one admin acting alone records a pay-out already sent; with two admins it
 * is proposed (`isProposing`), then confirmed (`proposal`), and sent only after the confirmation.
 */
export function DisburseDialog({
  loan,
  isOpen,
  onClose,
  proposal,
  overview,
  isProposing,
  onConfirm,
}: {
  loan: AdminLoan;
  isOpen: boolean;
  onClose: () => void;
  proposal: FundProposal | undefined;
  overview: ReturnType<typeof useOverview>;
  isProposing: boolean;
  onConfirm: (reason: string | undefined) => Promise<string>;
}) {
  const i18n = useTexts();
  const loanFils = tryParseAed(loan.loan_amount) ?? 0;
  const cashFils = overview.data ? (tryParseAed(overview.data.cash_in_hand) ?? 0) : null;
  const leftFils = cashFils === null ? null : cashFils - loanFils;
  const isShort = leftFils !== null && leftFils < 0;

  let cash;
  if (overview.isPending) cash = <p role="status">{i18n._('admin-loans.proposal.cashLoading')}</p>;
  else if (cashFils === null || leftFils === null)
    cash = <p className="text-sm text-slate-700">{i18n._('admin-loans.proposal.cashUnknown')}</p>;
  else
    cash = (
      <>
        <CashBeforeAfter
          cashFils={cashFils}
          leftFils={leftFils}
          labels={{
            before: i18n._('admin-loans.proposal.cashInHand'),
            after: i18n._('admin-loans.proposal.cashAfter'),
          }}
          className="rounded-lg"
        />
        {isShort && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-900">
            {i18n._('admin-loans.proposal.cashShort', {
              cash: aedFils(cashFils),
              amount: aed(loan.loan_amount),
            })}
          </p>
        )}
      </>
    );

  return (
    <ReasonDialog
      isOpen={isOpen}
      onClose={onClose}
      title={i18n._('admin-loans.loan.disburseTitle', { id: loan.id })}
      reasonLabel={i18n._('admin-loans.loan.disburseNote')}
      isReasonRequired={false}
      confirmLabel={
        proposal
          ? i18n._('admin-loans.proposal.confirmPayout')
          : isProposing
            ? i18n._('admin-loans.loan.disbursePropose')
            : i18n._('admin-loans.loan.disburseConfirm')
      }
      isConfirmDisabled={isShort}
      onConfirm={onConfirm}
    >
      <p className="text-slate-700">
        {i18n._(
          proposal
            ? /*i18n*/ 'admin-loans.loan.disburseConfirmBody'
            : isProposing
              ? /*i18n*/ 'admin-loans.loan.disburseProposeBody'
              : /*i18n*/ 'admin-loans.loan.disburseBody',
          { amount: aed(loan.loan_amount), name: loan.member.name, account: loan.bank_account },
        )}
      </p>
      {proposal && (
        <p className="text-slate-700">
          <ProposedBy proposal={proposal} />
        </p>
      )}
      {cash}
    </ReasonDialog>
  );
}
