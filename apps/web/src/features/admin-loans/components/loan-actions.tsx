import { useEffect, useId, useRef, useState } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { LOAN_NO_ACTIONS_TEXTS } from '../texts.ts';
import { Button } from '../../../components/button.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { Spinner } from '../../../components/states.tsx';
import { aed, aedFils } from '../../../lib/format.ts';
import { isProposed, useMoveLoan, type AdminLoan, type LoanAction } from '../api/admin-loans.ts';
import { useOverview } from '../../../api/get-overview.ts';
import {
  useMyId,
  useOpenProposals,
  type FundProposal,
  type ProposalAction,
} from '../../../api/proposals.ts';
import { CashRepaymentDialog } from './cash-repayment-dialog.tsx';
import { ProposalPanel } from '../../../components/proposal-panel.tsx';
import { DisburseDialog } from './disburse-dialog.tsx';
import { WriteOffDialog, proposedRecovery } from './write-off-dialog.tsx';
import { guaranteeCoverage } from '../../../lib/guarantee-coverage.ts';

type Open = LoanAction | 'repay' | null;

/**
 * What may be done from the loan's state (docs/product.md section 5): pending -> approve or reject;
 * approved -> pay out; active -> cash repayment or write-off. Each is confirmed in a dialog.
 * With two or more active admins a pay-out, a write-off or a cash repayment is first proposed,
 * then confirmed by another admin (docs/domain/maker-checker.md); no admin decides on their own
 * loan. An application is approved only once the accepted guarantees cover what it needs.
 */
export function LoanActions({ loan }: { loan: AdminLoan }) {
  const i18n = useTexts();
  const move = useMoveLoan();
  const myId = useMyId();
  const [open, setOpen] = useState<Open>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const blockedId = useId();

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
  const run =
    (action: LoanAction) => async (reason: string | undefined, recoverFromGuarantors?: boolean) => {
      const answer = await move.mutateAsync({ id: loan.id, action, reason, recoverFromGuarantors });
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
  let note;
  if (isOwnLoan && ['pending', 'approved', 'active'].includes(loan.state)) {
    help = i18n._('admin-loans.proposal.ownLoan');
  } else if (loan.state === 'pending') {
    help = i18n._('admin-loans.loan.pendingHelp');
    const { acceptedFils, neededFils, isCovered } = guaranteeCoverage(loan);
    // The server refuses it too (409), with the same figures.
    if (!isCovered)
      note = (
        <p id={blockedId} className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {i18n._('admin-loans.loan.approveUncovered', {
            covered: aedFils(acceptedFils),
            needed: aedFils(neededFils),
          })}
        </p>
      );
    buttons = (
      <>
        <Button
          disabled={!isCovered}
          aria-describedby={isCovered ? undefined : blockedId}
          className="disabled:opacity-60"
          onClick={() => setOpen('approve')}
        >
          {i18n._('admin-loans.loan.approve')}
        </Button>
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
            i18n._(
              proposedRecovery(proposal)
                ? /*i18n*/ 'admin-loans.proposal.writeOffRecoverOf'
                : /*i18n*/ 'admin-loans.proposal.writeOffOf',
              { amount: aed(proposal?.amount ?? 0) },
            ),
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
      {note}

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
      <WriteOffDialog
        // A fresh form per proposal, so that it starts from the proposal's reason and choice.
        key={`write-off:${proposal?.id ?? ''}`}
        loan={loan}
        isOpen={open === 'write-off'}
        onClose={close}
        proposal={isConfirming ? proposal : undefined}
        needsSecond={needsSecond}
        onConfirm={run('write-off')}
      />
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
