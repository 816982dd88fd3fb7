import { adminExit, type AdminExit, type ExitSettlement } from '@jamiya/contracts/exits';
import { fundProposal, type FundProposal } from '@jamiya/contracts/proposals';
import { AMINA, FATIMA, RAHUL } from './admin-fixtures.ts';

// Members leaving the association, as GET /api/admin/exits answers (packages/contracts/src/
// exits.ts), parsed with the contract's schema so that a fixture cannot drift from it.

/** Amina's settlement today: savings, a share-out, a loan and a fine taken, some held. */
export function settlementBody(overrides: Partial<ExitSettlement> = {}): ExitSettlement {
  return {
    as_of: '2026-12-02',
    savings: 2400.5,
    share_out: 120,
    loan_owed: 1426.66,
    fines_owed: 10,
    dues_unpaid: 200,
    dues_unpaid_months: 1,
    held_for_guarantees: 300,
    payout: 783.84,
    shortfall: 0,
    blockers: [],
    ...overrides,
  };
}

/** Amina asked to leave at the end of the year: waiting for the payout. */
export function exitBody(overrides: Partial<AdminExit> = {}): AdminExit {
  return adminExit.parse({
    id: 7,
    state: 'requested',
    leave_on: '2026-12-31',
    pay_to: 'IBAN AE07 0331 2345 6789 0123 456',
    asked_by: 'member',
    reason: null,
    requested_at: '2026-12-01T08:00:00.000Z',
    left_on: null,
    closed_at: null,
    withdrawn_at: null,
    settled: null,
    member: AMINA,
    settlement: settlementBody(),
    ...overrides,
  });
}

/** Rahul's exit, which the committee asked for: paid out and closed. */
export function closedExitBody(overrides: Partial<AdminExit> = {}): AdminExit {
  return exitBody({
    id: 5,
    state: 'closed',
    leave_on: '2026-10-31',
    pay_to: 'Cash at the office',
    asked_by: 'committee',
    reason: 'Moved back to Kerala',
    requested_at: '2026-10-01T08:00:00.000Z',
    left_on: '2026-10-31',
    closed_at: '2026-11-02T08:00:00.000Z',
    settled: {
      savings: 1600,
      share_out: 0,
      loan_repaid: 0,
      fines_paid: 0,
      dues_closed: 0,
      paid_out: 1600,
      held: 0,
    },
    member: RAHUL,
    settlement: null,
    ...overrides,
  });
}

/** Fatima's proposal to pay out Amina's settlement (exit 7). */
export function exitPayoutProposal(overrides: Partial<FundProposal> = {}): FundProposal {
  return fundProposal.parse({
    id: 21,
    action: 'exit.payout',
    loan_id: null,
    member: AMINA,
    amount: 783.84,
    reason: null,
    details: { exitId: 7 },
    proposed_by: FATIMA,
    proposed_at: '2026-12-02T09:00:00.000Z',
    ...overrides,
  });
}
