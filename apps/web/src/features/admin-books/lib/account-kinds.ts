import type { AccountKind, CorrectionReason } from '@jamiya/contracts/values';
import { ACCOUNT_GROUPS_TEXTS, CORRECTION_REASONS_TEXTS } from '../texts.ts';

// The contract's lists come with zod (@jamiya/contracts/accounts holds its schemas), which a
// page does not load before a form validates: they are read from the tables of their texts,
// which TypeScript holds to every kind and every reason, in the contract's order.

/** Assets, liabilities, equity, income, expenses: the order every report groups by. */
export const ACCOUNT_KINDS = Object.keys(ACCOUNT_GROUPS_TEXTS) as AccountKind[];

/** Why an entry is corrected. */
export const CORRECTION_REASONS = Object.keys(CORRECTION_REASONS_TEXTS) as CorrectionReason[];
