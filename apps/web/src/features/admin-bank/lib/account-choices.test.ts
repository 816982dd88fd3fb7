import { describe, expect, it } from 'vitest';
import { CHARGES_LINE, ZAINAB_LINE, accountsBody, bookProposal } from '../testing/fixtures.ts';
import { accountChoices } from './account-choices.ts';
import { bookAskedOf, proposalsByLine } from './line-proposals.ts';

const codes = (choices: ReturnType<typeof accountChoices>) => ({
  quick: choices.quick.map((a) => a.code),
  groups: choices.groups.map((g) => [g.kind, g.accounts.map((a) => a.code)]),
});

describe('the accounts a line may be booked to', () => {
  it('offers bank charges first for money out, then the expenses', () => {
    expect(codes(accountChoices(accountsBody().items, true))).toEqual({
      quick: ['bank_charges', 'bank_interest'],
      groups: [
        ['expense', ['meeting_costs', 'other_expenses']],
        ['income', ['other_income', 'interest_income']],
      ],
    });
  });

  it('offers bank interest first for money in, then the income', () => {
    expect(codes(accountChoices(accountsBody().items, false))).toEqual({
      quick: ['bank_interest', 'bank_charges'],
      groups: [
        ['income', ['other_income', 'interest_income']],
        ['expense', ['meeting_costs', 'other_expenses']],
      ],
    });
  });

  it('leaves out a quick choice the association retired', () => {
    const items = accountsBody().items.map((a) =>
      a.code === 'bank_charges' ? { ...a, retired: true } : a,
    );
    expect(accountChoices(items, true).quick.map((a) => a.code)).toEqual(['bank_interest']);
  });
});

describe('a booking proposal beside its line', () => {
  it('asks for the account and the memo its details name', () => {
    expect(bookAskedOf(bookProposal())).toEqual({
      account: 'meeting_costs',
      memo: 'Hall for the AGM',
    });
    expect(
      bookAskedOf(bookProposal({ details: { lineId: 35, account: 'bank_charges', memo: null } })),
    ).toEqual({ account: 'bank_charges', memo: null });
  });

  it('goes with the line its details name', () => {
    const paired = proposalsByLine([ZAINAB_LINE, CHARGES_LINE], [bookProposal()]);
    expect([...paired.keys()]).toEqual([CHARGES_LINE.id]);
  });
});
