import {
  exitAnswer,
  exitView,
  myExit,
  type ExitSettlement,
  type ExitView,
  type MyExit,
} from '@jamiya/contracts/exits';

import { exitBody, settlementBody } from '../../../testing/exit-fixtures.ts';

// Answers shaped like GET /api/my-exit and POST /api/my-exit, parsed with the contract's
// schemas so that a fixture cannot drift from it.

/** What leaving pays today: savings and a bonus share, less a loan, a fine and a guarantee. */
export const settlement = (overrides: Partial<ExitSettlement> = {}): ExitSettlement =>
  settlementBody({ dues_unpaid: 400, dues_unpaid_months: 2, ...overrides });

/** A request to leave at the end of the year, waiting for the payout: the member's own view. */
export function exit(overrides: Partial<ExitView> = {}): ExitView {
  const { member: _, settlement: __, ...view } = exitBody();
  return exitView.parse({ ...view, ...overrides });
}

/** The same exit, paid out: part of the savings still held by a guarantee, or all settled. */
export function paidExit(state: 'holding' | 'closed', overrides: Partial<ExitView> = {}) {
  return exit({
    state,
    left_on: '2026-12-31',
    closed_at: state === 'closed' ? '2027-02-10T08:00:00.000Z' : null,
    settled: {
      savings: 2400.5,
      share_out: 120,
      loan_repaid: 1426.66,
      fines_paid: 10,
      dues_closed: 400,
      paid_out: state === 'closed' ? 1083.84 : 783.84,
      held: state === 'closed' ? 0 : 300,
    },
    ...overrides,
  });
}

export const myExitBody = (overrides: Partial<MyExit> = {}): MyExit =>
  myExit.parse({ exit: null, settlement: settlement(), clearance_letter_url: null, ...overrides });

export const exitAnswerBody = (message: string, view: ExitView) =>
  exitAnswer.parse({ message, exit: view });
