import { useEffect, useRef, useState } from 'react';
import { filsToAed, tryParseAed } from '@jamiya/money/fils';
import { useTexts } from '../../../lib/i18n.tsx';
import { LOAN_NO_ACTIONS_TEXTS } from '../texts.ts';
import { Button } from '../../../components/button.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Spinner } from '../../../components/states.tsx';
import { aed } from '../../../lib/format.ts';
import { isProposed, useMoveLoan, type AdminLoan, type LoanAction } from '../api/admin-loans.ts';
import { useOverview } from '../../../api/get-overview.ts';
import {
  useMyId,
  useOpenProposals,
  type FundProposal,
  type ProposalAction,
} from '../../../api/proposals.ts';
import { CashRepaymentDialog } from './cash-repayment-dialog.tsx';
import { ProposalPanel, ProposedBy } from '../../../components/proposal-panel.tsx';

type Open = LoanAction | 'repay' | null;

/**
 * What may be done from the loan's state (docs/product.md section 5): pending -> approve or reject;
 * approved -> pay out; active -> cash repayment or write-off. Each is confirmed in a dialog.
 * With two or more active admins a pay-out, a write-off or a cash repayment is first proposed,
 * then confirmed by another admin (docs/domain/maker-checker.md); no admin decides on their own
 * loan.
 */
export function LoanActions({ loan }: { loan: AdminLoan }) {
  const i18n = useTexts();
  const move = useMoveLoan();
  const myId = useMyId();
  const [open, setOpen] = useState<Open>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const actions: ProposalAction[] =
    loan.state === 'approved'
      ? ['loan.disburse']
      : loan.state === 'active'
        ? ['loan.write_off', 'loan.cash_repayment']
        : [];
  const { byAction, isPending: isProposalPending } = useOpenProposals({ loanId: loan.id }, actions);
  const proposal = byAction.get(loan.state === 'approved' ? 'loan.disburse' : 'loan.write_off');
  const repayProposal = byAction.get('loan.cash_repayment');
  const isMine = proposal !== undefined && proposal.proposed_by.id === myId;
  const isOwnLoan = myId !== undefined && myId === loan.member.id;
  // The cash in hand and the number of admins, asked for anew when a pay-out, write-off or
  // repayment opens; for an approved loan at once too, as its help says when the money is sent.
  const overview = useOverview(open !== null && open !== 'approve' && open !== 'reject');
  useOverview(loan.state === 'approved');
  const hasTwoAdmins = (overview.data?.active_admins ?? 0) >= 2;

  // The button that was used is gone once the state moves on, or a proposal is made or
  // withdrawn: keep the focus in the actions.
  const shown = `${loan.state}:${proposal?.id ?? ''}:${repayProposal?.id ?? ''}`;
  const shownRef = useRef(shown);
  const focusHeading = () => headingRef.current?.focus();
  useEffect(() => {
    if (shownRef.current === shown) return;
    shownRef.current = shown;
    if (document.activeElement === document.body || document.activeElement === null) focusHeading();
  }, [shown]);

  const close = () => setOpen(null);
  const term = i18n._('admin-loans.loan.months', { count: loan.duration_month });
  const run = (action: LoanAction) => async (reason: string | undefined) => {
    const answer = await move.mutateAsync({ id: loan.id, action, reason });
    // Once the dialog has closed, its opener may be gone (replaced by the next step).
    setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement === null)
        focusHeading();
    });
    return isProposed(answer) ? i18n._('admin-loans.proposal.waitingToast') : answer.message;
  };
  const panel = (
    shownProposal: FundProposal | undefined,
    confirmLabel: string,
    confirm: Open,
    what: string,
  ) =>
    shownProposal && (
      <ProposalPanel
        key={shownProposal.id}
        proposal={shownProposal}
        isMine={shownProposal.proposed_by.id === myId}
        confirmLabel={confirmLabel}
        onConfirm={() => setOpen(confirm)}
        onWithdrawn={focusHeading}
      >
        <p>{what}</p>
      </ProposalPanel>
    );

  let help: string;
  let buttons;
  let waiting;
  if (isOwnLoan && ['pending', 'approved', 'active'].includes(loan.state)) {
    help = i18n._('admin-loans.proposal.ownLoan');
  } else if (loan.state === 'pending') {
    help = i18n._('admin-loans.loan.pendingHelp');
    buttons = (
      <>
        <Button onClick={() => setOpen('approve')}>{i18n._('admin-loans.loan.approve')}</Button>
        <Button variant="secondary" onClick={() => setOpen('reject')}>
          {i18n._('admin-loans.loan.reject')}
        </Button>
      </>
    );
  } else if (loan.state === 'approved') {
    help = hasTwoAdmins
      ? i18n._('admin-loans.loan.approvedHelpTwoAdmins')
      : i18n._('admin-loans.loan.approvedHelp');
    if (isProposalPending) waiting = <Spinner />;
    else if (proposal)
      waiting = panel(
        proposal,
        i18n._('admin-loans.proposal.confirmPayout'),
        'disburse',
        i18n._('admin-loans.proposal.payoutOf', {
          amount: aed(proposal.amount ?? 0),
          name: loan.member.name,
        }),
      );
    else
      buttons = (
        <Button onClick={() => setOpen('disburse')}>
          {hasTwoAdmins
            ? i18n._('admin-loans.loan.disbursePropose')
            : i18n._('admin-loans.loan.disburse')}
        </Button>
      );
  } else if (loan.state === 'active') {
    help = i18n._('admin-loans.loan.activeHelp');
    if (isProposalPending) waiting = <Spinner />;
    else
      waiting = (
        <>
          {panel(
            repayProposal,
            i18n._('admin-loans.proposal.confirmRepayment'),
            'repay',
            i18n._('admin-loans.proposal.repaymentOf', {
              amount: aed(repayProposal?.amount ?? 0),
              name: loan.member.name,
            }),
          )}
          {panel(
            proposal,
            i18n._('admin-loans.proposal.confirmWriteOff'),
            'write-off',
            i18n._('admin-loans.proposal.writeOffOf', { amount: aed(proposal?.amount ?? 0) }),
          )}
        </>
      );
    buttons = !isProposalPending && (!repayProposal || !proposal) && (
      <>
        {!repayProposal && (
          <Button onClick={() => setOpen('repay')}>{i18n._('admin-loans.loan.repay')}</Button>
        )}
        {!proposal && (
          <Button variant="secondary" onClick={() => setOpen('write-off')}>
            {i18n._('admin-loans.loan.writeOff')}
          </Button>
        )}
      </>
    );
  } else {
    help = i18n._(LOAN_NO_ACTIONS_TEXTS[loan.state]!);
  }

  // Confirming someone else's proposal, or making one that a second admin must confirm.
  const isConfirming = proposal !== undefined && !isMine;
  const needsSecond =
    !isConfirming && hasTwoAdmins ? i18n._('admin-loans.proposal.needsSecond') : null;
  const repayToConfirm =
    repayProposal !== undefined && repayProposal.proposed_by.id !== myId
      ? repayProposal
      : undefined;

  return (
    <section
      aria-labelledby="loan-actions-title"
      className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:p-5"
    >
      <h2
        id="loan-actions-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-slate-900 focus:outline-none"
      >
        {i18n._('admin-loans.loan.actions')}
      </h2>
      <p className="text-slate-800">{help}</p>
      {waiting}
      {buttons && <div className="flex flex-wrap gap-2">{buttons}</div>}

      <ReasonDialog
        isOpen={open === 'approve'}
        onClose={close}
        title={i18n._('admin-loans.loan.approveTitle', { id: loan.id })}
        reasonLabel={i18n._('admin-loans.loan.approveNote')}
        isReasonRequired={false}
        confirmLabel={i18n._('admin-loans.loan.approve')}
        onConfirm={run('approve')}
      >
        <p className="text-slate-700">
          {i18n._('admin-loans.loan.approveBody', {
            name: loan.member.name,
            amount: aed(loan.loan_amount),
            term,
            total: aed(loan.total_amount_with_interest),
          })}
        </p>
      </ReasonDialog>
      <ReasonDialog
        isOpen={open === 'reject'}
        onClose={close}
        title={i18n._('admin-loans.loan.rejectTitle', { id: loan.id })}
        reasonLabel={i18n._('admin-loans.loan.rejectReason')}
        isReasonRequired
        confirmLabel={i18n._('admin-loans.loan.reject')}
        isDanger
        onConfirm={run('reject')}
      >
        <p className="text-slate-700">
          {i18n._('admin-loans.loan.rejectBody', { name: loan.member.name })}
        </p>
      </ReasonDialog>
      <DisburseDialog
        loan={loan}
        isOpen={open === 'disburse'}
        onClose={close}
        proposal={isConfirming ? proposal : undefined}
        overview={overview}
        isProposing={!isConfirming && hasTwoAdmins}
        onConfirm={run('disburse')}
      />
      <ReasonDialog
        // A fresh form per proposal, so the reason it starts with is the proposal's.
        key={`write-off:${proposal?.id ?? ''}`}
        isOpen={open === 'write-off'}
        onClose={close}
        title={i18n._('admin-loans.loan.writeOffTitle', { id: loan.id })}
        reasonLabel={i18n._('admin-loans.loan.writeOffReason')}
        reasonHint={isConfirming ? i18n._('admin-loans.proposal.reasonHint') : undefined}
        isReasonRequired
        defaultReason={isConfirming ? (proposal.reason ?? '') : ''}
        confirmLabel={
          isConfirming
            ? i18n._('admin-loans.proposal.confirmWriteOff')
            : i18n._('admin-loans.loan.writeOffConfirm')
        }
        isDanger
        onConfirm={run('write-off')}
      >
        <p className="text-slate-700">
          {i18n._('admin-loans.loan.writeOffBody', { remaining: aed(loan.remaining_amount) })}
        </p>
        {isConfirming && (
          <p className="text-slate-700">
            <ProposedBy proposal={proposal} />
          </p>
        )}
        {needsSecond && <p className="text-sm text-slate-700">{needsSecond}</p>}
      </ReasonDialog>
      {loan.state === 'active' && (
        <CashRepaymentDialog
          // A fresh form per proposal, so that it starts from the proposal's amount.
          key={`repay:${repayToConfirm?.id ?? ''}`}
          loan={loan}
          isOpen={open === 'repay'}
          onClose={close}
          proposal={repayToConfirm}
          needsSecond={
            !repayToConfirm && hasTwoAdmins ? i18n._('admin-loans.proposal.needsSecond') : null
          }
          onDone={() =>
            setTimeout(() => {
              if (document.activeElement === document.body || document.activeElement === null)
                focusHeading();
            })
          }
        />
      )}
    </section>
  );
}

/**
 * The pay-out, with the cash in hand and what would remain: cash cannot go below zero, so a
 * loan larger than the cash cannot be confirmed (the server refuses it too, with a 409). When
 * the money is sent: one admin acting alone records a pay-out already sent; with two admins it
 * is proposed (`isProposing`), then confirmed (`proposal`), and sent only after the confirmation.
 */
function DisburseDialog({
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
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3">
          <div>
            <dt className="text-sm text-slate-600">{i18n._('admin-loans.proposal.cashInHand')}</dt>
            <dd className="font-bold text-slate-900 tabular-nums">{aed(filsToAed(cashFils))}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{i18n._('admin-loans.proposal.cashAfter')}</dt>
            <dd className={`font-bold tabular-nums ${isShort ? 'text-red-800' : 'text-slate-900'}`}>
              {aed(filsToAed(leftFils))}
            </dd>
          </div>
        </dl>
        {isShort && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-900">
            {i18n._('admin-loans.proposal.cashShort', {
              cash: aed(filsToAed(cashFils)),
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
