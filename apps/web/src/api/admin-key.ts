/**
 * The first part of every query key of the treasurer's area: a decision there (an approval, a
 * payout, a new member) moves the overview, the lists and their counts together, so it
 * invalidates them all by this key.
 */
export const ADMIN_KEY = ['admin'] as const;
