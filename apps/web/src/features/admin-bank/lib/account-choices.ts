import type { ChartAccount } from '@jamiya/contracts/accounts';
import type { AccountKind } from '@jamiya/contracts/values';

// The accounts a bank line may be booked to: bookable and not retired. The bank's own two come
// first, as quick choices (money out is most often the bank's charge, money in its interest);
// every other account after them, by kind, the kind the line's direction suggests first.

export const BANK_CHARGES = 'bank_charges';
export const BANK_INTEREST = 'bank_interest';
/** The form's quick choice that means "the account chosen in the list". */
export const OTHER_ACCOUNT = 'other';

// The chart's order of the kinds (every kind named, so a new one is not forgotten).
const KIND_ORDER: Record<AccountKind, number> = {
  asset: 0,
  liability: 1,
  equity: 2,
  income: 3,
  expense: 4,
};

export interface AccountChoices {
  /** Bank charges and bank interest received, the one the line suggests first. */
  quick: ChartAccount[];
  /** The other accounts, by kind. */
  groups: { kind: AccountKind; accounts: ChartAccount[] }[];
}

export function accountChoices(
  accounts: readonly ChartAccount[],
  isMoneyOut: boolean,
): AccountChoices {
  const usable = accounts.filter((a) => a.bookable && !a.retired);
  const quickCodes = isMoneyOut ? [BANK_CHARGES, BANK_INTEREST] : [BANK_INTEREST, BANK_CHARGES];
  const quick = quickCodes.flatMap((code) => usable.filter((a) => a.code === code));
  const first: AccountKind = isMoneyOut ? 'expense' : 'income';
  const kinds = (Object.keys(KIND_ORDER) as AccountKind[]).sort(
    (a, b) => Number(b === first) - Number(a === first) || KIND_ORDER[a] - KIND_ORDER[b],
  );
  const groups = kinds
    .map((kind) => ({
      kind,
      accounts: usable
        .filter((a) => a.kind === kind && !quick.includes(a))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }))
    .filter((g) => g.accounts.length > 0);
  return { quick, groups };
}
