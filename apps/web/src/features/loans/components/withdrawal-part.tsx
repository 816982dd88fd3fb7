import { laterParts } from '../../../components/later-parts.tsx';

// My Loan's withdraw dialog, for an application not yet paid out: its form library (13 KB) comes
// after the page has painted, not with it (most members open My Loan with a loan paid out).
export const { preloadLaterParts: preloadWithdrawal, LaterPart: WithdrawalPart } = laterParts({
  WithdrawLoanModal: () =>
    import('./withdraw-loan-modal.tsx').then((m) => ({ default: m.WithdrawLoanModal })),
});
