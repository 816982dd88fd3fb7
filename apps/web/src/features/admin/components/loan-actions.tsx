import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Button } from '../../../components/button.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { aed } from '../../../lib/format.ts';
import { useMoveLoan, type AdminLoan, type LoanAction } from '../api/admin-loans.ts';
import { CashRepaymentDialog } from './cash-repayment-dialog.tsx';

type Open = LoanAction | 'repay' | null;

/**
 * What may be done from the loan's state (PRODUCT.md section 5): pending -> approve or reject;
 * approved -> pay out; active -> cash repayment or write-off. Each is confirmed in a dialog.
 */
export function LoanActions({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation('admin');
  const move = useMoveLoan();
  const [open, setOpen] = useState<Open>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownState = useRef(loan.state);
  // The button that was used is gone once the state moves on: keep the focus in the actions.
  useEffect(() => {
    if (shownState.current === loan.state) return;
    shownState.current = loan.state;
    if (document.activeElement === document.body || document.activeElement === null)
      headingRef.current?.focus();
  }, [loan.state]);
  const close = () => setOpen(null);
  const term = t('loan.months', { count: loan.duration_month });
  const run = (action: LoanAction) => async (reason: string | undefined) =>
    (await move.mutateAsync({ id: loan.id, action, reason })).message;

  let help: string;
  let buttons;
  if (loan.state === 'pending') {
    help = t('loan.pendingHelp');
    buttons = (
      <>
        <Button onClick={() => setOpen('approve')}>{t('loan.approve')}</Button>
        <Button variant="secondary" onClick={() => setOpen('reject')}>
          {t('loan.reject')}
        </Button>
      </>
    );
  } else if (loan.state === 'approved') {
    help = t('loan.approvedHelp');
    buttons = <Button onClick={() => setOpen('disburse')}>{t('loan.disburse')}</Button>;
  } else if (loan.state === 'active') {
    help = t('loan.activeHelp');
    buttons = (
      <>
        <Button onClick={() => setOpen('repay')}>{t('loan.repay')}</Button>
        <Button variant="secondary" onClick={() => setOpen('write-off')}>
          {t('loan.writeOff')}
        </Button>
      </>
    );
  } else {
    help = t(`loan.noActions.${loan.state}`);
  }

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
        {t('loan.actions')}
      </h2>
      <p className="text-slate-800">{help}</p>
      {buttons && <div className="flex flex-wrap gap-2">{buttons}</div>}

      <ReasonDialog
        isOpen={open === 'approve'}
        onClose={close}
        title={t('loan.approveTitle', { id: loan.id })}
        reasonLabel={t('loan.approveNote')}
        isReasonRequired={false}
        confirmLabel={t('loan.approve')}
        onConfirm={run('approve')}
      >
        <p className="text-slate-700">
          {t('loan.approveBody', {
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
        title={t('loan.rejectTitle', { id: loan.id })}
        reasonLabel={t('loan.rejectReason')}
        isReasonRequired
        confirmLabel={t('loan.reject')}
        isDanger
        onConfirm={run('reject')}
      >
        <p className="text-slate-700">{t('loan.rejectBody', { name: loan.member.name })}</p>
      </ReasonDialog>
      <ReasonDialog
        isOpen={open === 'disburse'}
        onClose={close}
        title={t('loan.disburseTitle', { id: loan.id })}
        reasonLabel={t('loan.disburseNote')}
        isReasonRequired={false}
        confirmLabel={t('loan.disburseConfirm')}
        onConfirm={run('disburse')}
      >
        <p className="text-slate-700">
          {t('loan.disburseBody', {
            amount: aed(loan.loan_amount),
            name: loan.member.name,
            account: loan.bank_account,
          })}
        </p>
      </ReasonDialog>
      <ReasonDialog
        isOpen={open === 'write-off'}
        onClose={close}
        title={t('loan.writeOffTitle', { id: loan.id })}
        reasonLabel={t('loan.writeOffReason')}
        isReasonRequired
        confirmLabel={t('loan.writeOffConfirm')}
        isDanger
        onConfirm={run('write-off')}
      >
        <p className="text-slate-700">
          {t('loan.writeOffBody', { remaining: aed(loan.remaining_amount) })}
        </p>
      </ReasonDialog>
      {loan.state === 'active' && (
        <CashRepaymentDialog loan={loan} isOpen={open === 'repay'} onClose={close} />
      )}
    </section>
  );
}
