import type { AdminLoan } from '@jamiya/contracts/loans';
import type { LoanGuarantor } from '@jamiya/contracts/guarantees';
import { activeLoan, pendingLoan } from '../../../testing/api-fixtures.ts';
import { AMINA, RAHUL } from '../../../testing/admin-fixtures.ts';

// Answers shaped like the admin API's (packages/contracts/src), from the demo data.

const FATIMA = { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' };
const YUSUF = { id: 4, unique_id: 'JM000004', name: 'Yusuf Khan' };

/** Amina's loan: approved by Fatima, paid out on Fatima's proposal that Yusuf confirmed. */
export const adminActiveLoan = (overrides: Partial<AdminLoan> = {}): AdminLoan => {
  const [applied, approved, paidOut] = activeLoan().transitions;
  return {
    ...activeLoan(),
    // Within the member's free savings: no guarantor needed.
    guarantee_needed: 0,
    guarantors: [],
    member: AMINA,
    transitions: [
      { ...applied!, admin: null, proposed_by: null },
      { ...approved!, admin: FATIMA, proposed_by: null },
      { ...paidOut!, admin: YUSUF, proposed_by: FATIMA },
    ],
    ...overrides,
  };
};

export const adminPendingLoan = (overrides: Partial<AdminLoan> = {}): AdminLoan => ({
  ...pendingLoan(),
  guarantee_needed: 0,
  guarantors: [],
  member: RAHUL,
  transitions: pendingLoan().transitions.map((step) => ({
    ...step,
    admin: null,
    proposed_by: null,
  })),
  ...overrides,
});

/** Omar stands guarantor for AED 600 and has accepted: the guarantee holds that much. */
export const guarantorBody = (overrides: Partial<LoanGuarantor> = {}): LoanGuarantor => ({
  id: 3,
  member_id: 'JM000006',
  name: 'Omar Haddad',
  amount: 600,
  state: 'accepted',
  held: 600,
  recovered: 0,
  answered_at: '2026-12-01T10:00:00.000Z',
  ...overrides,
});
