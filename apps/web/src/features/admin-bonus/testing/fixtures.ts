import { fundProposal, type FundProposal } from '@jamiya/contracts/proposals';
import { profileBody } from '../../../testing/api-fixtures.ts';
import {
  bonusCloseResponse,
  bonusPeriod,
  bonusPeriods,
  bonusPreview,
  type BonusCloseResponse,
  type BonusPeriod,
  type BonusPeriods,
  type BonusPreview,
} from '@jamiya/contracts/bonus';

// Answers shaped like the real API's, parsed with the contracts' schemas.

/** A share-out of the interest alone. */
const interestOnly = (interest: number) => ({
  interest,
  fines: null,
  other_income: null,
  expenses: null,
  shared: interest,
});

export function periodBody(overrides: Partial<BonusPeriod> = {}): BonusPeriod {
  return bonusPeriod.parse({
    id: 1,
    starts_on: '2025-01-10',
    ends_on: '2025-03-31',
    days: 81,
    interest: 23.33,
    parts: interestOnly(23.33),
    members: 2,
    total_average_balance: 570.37,
    entry_id: 40,
    closed_at: '2025-04-02T08:00:00.000Z',
    closed_by: { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' },
    ...overrides,
  });
}

export function periodsBody(overrides: Partial<BonusPeriods> = {}): BonusPeriods {
  return bonusPeriods.parse({
    items: [periodBody()],
    next: { starts_on: '2025-04-01', is_start_fixed: true, latest_ends_on: '2026-11-21' },
    ...overrides,
  });
}

export function previewBody(overrides: Partial<BonusPreview> = {}): BonusPreview {
  return bonusPreview.parse({
    starts_on: '2025-04-01',
    ends_on: '2026-11-21',
    days: 600,
    interest: 140,
    parts: interestOnly(140),
    could_share: { fines: 20, other_income: 5, expenses: 7.5 },
    total_average_balance: 5002,
    members: [
      {
        member: { id: 2, unique_id: 'JM000002', name: 'Amina Rahman' },
        average_balance: 3751.5,
        share_percent: 75,
        amount: 105,
      },
      {
        member: { id: 3, unique_id: 'JM000003', name: 'Rahul Nair' },
        average_balance: 1250.5,
        share_percent: 25,
        amount: 35,
      },
    ],
    can_close: true,
    blocker: null,
    ...overrides,
  });
}

export function closedBody(): BonusCloseResponse {
  return bonusCloseResponse.parse({
    message: 'The period was closed and its income shared out.',
    period: periodBody({ id: 2, starts_on: '2025-04-01', ends_on: '2026-11-21', days: 600 }),
  });
}

const FATIMA = { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' };

/** Fatima's proposal to close 1 April 2025 – 21 November 2026 (maker-checker, 202). */
export function bonusProposalBody(): FundProposal {
  return fundProposal.parse({
    id: 8,
    action: 'bonus.close',
    loan_id: null,
    member: null,
    amount: 140,
    reason: null,
    details: { startsOn: '2025-04-01', endsOn: '2026-11-21' },
    proposed_by: FATIMA,
    proposed_at: '2026-11-22T06:30:00.000Z',
  });
}

export function proposedBody() {
  return {
    message: 'Proposed. A second admin must confirm the same dates before the share-out.',
    pending_confirmation: true as const,
    proposal: bonusProposalBody(),
  };
}

/** Signed in as Fatima (the treasurer, id 1) or Yusuf (the chair, id 4). */
export const treasurerProfile = () =>
  profileBody(1, { id: 1, name: FATIMA.name, role: 'admin', is_member: false });
export const chairProfile = () => profileBody(1, { id: 4, name: 'Yusuf Khan', role: 'admin' });
