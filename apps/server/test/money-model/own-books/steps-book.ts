// A bank line booked to an account, a step of the own books (see steps.ts).
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Fils } from '@jamiya/money/fils';
import { bearer } from '../../harness.ts';
import { importLine } from './calls.ts';
import {
  admin,
  BANK_OWN,
  mostly,
  ONE_ADMIN_BANK_FEE,
  OWN_ACCOUNTS,
  post,
  postingRules,
  newEntry,
  type ArgsOf,
  type Kit,
} from './model.ts';

export function bookSteps(kit: Kit) {
  const { refusedPosting } = postingRules(kit);
  /**
   * A bank line booked to an account (`POST /bank-lines/:id/book`): a line of its own (`new`) or
   * one of those held, open or not (`held`); a hit confirms a proposal as the other admin. Money
   * in, and a bank charge or bank interest within AED 100, are one admin's; other money out is
   * proposed (202) and carried out by another admin with the same account (201). A line taken is
   * 409, an account cash or kept by its own records 422, cash or the cash box short 409.
   * Money in may come on a statement of last month (`past`) until it is locked: booked on its
   * day; a line of it freed by a correction after the lock is refused (409).
   */
  const bookArgs = fc.record({
    n: fc.nat(),
    h: mostly(true, false),
    k: admin,
    held: mostly(false, true),
    past: mostly(false, true),
    amountFils: fc.constantFrom<Fils>(-2_625, -10_000, -10_001, -45_000, -120_000, 1_234, 30_000),
    account: fc.oneof(
      { arbitrary: fc.constantFrom('bank_charges', 'cash_box'), weight: 6 },
      { arbitrary: fc.constantFrom(...OWN_ACCOUNTS), weight: 6 },
      { arbitrary: fc.constantFrom('cash', 'interest_income'), weight: 1 },
    ),
  });
  const bookStep = ({ n, h, k, held, past, amountFils, account }: ArgsOf<typeof bookArgs>) =>
    kit.step(
      `bookLine(${held ? `line#${n}` : kit.aed(Math.abs(amountFils)) + (amountFils < 0 ? ' out' : ' in') + (past && amountFils > 0 ? ' last month' : '')}${h ? '*' : ''}, ${account}, a${k})`,
      () => true,
      async (model, real) => {
        const { lines } = model.books;
        const proposed = lines.filter((l) => l.proposal !== null);
        const line =
          h && proposed.length
            ? proposed[n % proposed.length]!
            : held && lines.length
              ? lines[n % lines.length]!
              : await importLine(
                  model,
                  real,
                  amountFils,
                  // A statement of a month locked comes no more in the model: its line could
                  // never be booked, and the year would wait for it.
                  past && amountFils > 0 && model.books.lockedEntries === null,
                );
        const open = line.proposal;
        const who = h && open ? 1 - open.by : k;
        const to = h && open ? open.account : account;
        const postings = { cash: line.amountFils, [to]: -line.amountFils };
        const refused =
          refusedPosting(model, postings) || (line.lastMonth && model.books.lockedEntries)
            ? 409
            : null;
        const oneAdmin =
          line.amountFils > 0 || (BANK_OWN.includes(to) && -line.amountFils <= ONE_ADMIN_BANK_FEE);
        const expected = !model.admins[who]!.active
          ? 403
          : line.link !== null
            ? 409
            : to === 'cash' || to === 'interest_income'
              ? 422
              : oneAdmin
                ? (refused ?? 201)
                : kit.signerAnswer(model, who, open, {
                    refused: open && open.account !== to ? 409 : refused,
                  });
        const res = await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/bank-lines/${line.id}/book`,
            payload: { account: to, memo: `Booked by a${who}` },
            headers: bearer(real.adminTokens[who]!),
          },
          expected === 200 ? 201 : expected,
        );
        if (expected === 202) line.proposal = { account: to, by: who };
        if (expected !== 200 && expected !== 201) return;
        const { entry_id: entryId, line: view } = res.json();
        expect([view.link, view.booked_to?.code, view.entry_id]).toEqual(['book', to, entryId]);
        model.books.entries.push(
          newEntry({
            id: entryId,
            kind: 'booking',
            postings,
            proposedBy: oneAdmin ? null : (open?.by ?? null),
            createdBy: who,
            lastMonth: line.lastMonth,
          }),
        );
        post(model, postings);
        Object.assign(line, { link: 'book', entryId, paymentId: null, proposal: null });
      },
    );
  return { bookArgs, bookStep };
}
