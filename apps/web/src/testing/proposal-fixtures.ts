import type { FundProposal } from '@jamiya/contracts/proposals';
import type { UserData } from '@jamiya/contracts/profile';
import { FATIMA, RAHUL, adminProfileBody } from './admin-fixtures.ts';

// Maker-checker answers (packages/contracts/src/proposals.ts `fundProposal`), from the demo data:
// the treasurer proposes, the chair confirms.

export { FATIMA };
export const YUSUF = { id: 4, unique_id: 'JM000004', name: 'Yusuf Khan' };

/** The chair, signed in: an admin other than the proposer. */
export function chairProfileBody(): { userData: UserData } {
  const { userData } = adminProfileBody();
  return {
    userData: { ...userData, ...YUSUF, email: 'chair@jamiya.example', is_member: true },
  };
}

/** Fatima's proposal to pay out Rahul's loan #7. */
export function proposalBody(overrides: Partial<FundProposal> = {}): FundProposal {
  return {
    id: 5,
    action: 'loan.disburse',
    loan_id: 7,
    member: RAHUL,
    amount: 1000,
    reason: null,
    details: null,
    proposed_by: FATIMA,
    proposed_at: '2026-12-02T09:00:00.000Z',
    ...overrides,
  };
}
