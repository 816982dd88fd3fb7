// An entry by hand, a step of the own books (see steps.ts).
import fc from 'fast-check';
import type { Fils } from '@jamiya/money/fils';
import { bearer } from '../../harness.ts';
import type { MemberModel } from '../model.ts';
import {
  admin,
  lastMonth,
  mostly,
  post,
  postingRules,
  savingsCode,
  today,
  newEntry,
  type ArgsOf,
  type Kit,
} from './model.ts';

export function handSteps(kit: Kit) {
  const { refusedPosting, onLeftSavings } = postingRules(kit);
  /** The lines of an entry by hand, of each kind the model sends, for an amount and a member. */
  const handKinds = {
    between: (a: Fils) => ({ stationery: a, meeting_costs: -a }),
    fromBox: (a: Fils) => ({ meeting_costs: a, cash_box: -a }),
    toBox: (a: Fils) => ({ cash_box: a, cash: -a }),
    income: (a: Fils) => ({ cash: a, other_income: -a }),
    toSavings: (a: Fils, m: MemberModel) => ({ other_expenses: a, [savingsCode(m)]: -a }),
    fromSavings: (a: Fils, m: MemberModel) => ({ [savingsCode(m)]: a, cash: -a }),
    unbalanced: (a: Fils) => ({ stationery: a, other_expenses: 1 - a }),
  };
  /**
   * An entry by hand (`POST /journal-entries`), dated today: between two of the association's
   * accounts (one admin), or moving cash, the cash box or member i's savings (proposed, 202;
   * carried out by another admin sending the same lines, 201); a hit confirms a proposal.
   * Refused: lines that do not balance or the savings of a member who left (422), cash, the
   * cash box or savings short (409).
   */
  const handArgs = fc.record({
    kind: fc.constantFrom(...(Object.keys(handKinds) as Array<keyof typeof handKinds>)),
    i: fc.nat({ max: 2 }),
    amountFils: fc.constantFrom<Fils>(4_500, 12_000, 30_000, 75_000),
    n: fc.nat(),
    h: mostly(true, false),
    k: admin,
    past: mostly(false, true),
  });
  const handStep = ({ kind: drawn, i, amountFils, n, h, k, past }: ArgsOf<typeof handArgs>) => {
    // Only an entry between two accounts is dated last month: one admin's, moving no cash.
    const kind = past ? 'between' : drawn;
    return kit.step(
      `handEntry(${kind}, ${kit.aed(amountFils)}${kind.includes('Savings') ? `, m${i}` : ''}${past ? ', last month' : ''}${h ? '*' : ''}, a${k})`,
      () => true,
      async (model, real) => {
        const { handProposals } = model.books;
        const open = h && handProposals.length ? handProposals[n % handProposals.length]! : null;
        const who = open ? 1 - open.by : k;
        const member = model.members[i % model.members.length]!;
        const postings = open?.postings ?? handKinds[kind](amountFils, member);
        const dated = open ? open.body.date : past ? `${lastMonth()}-15` : today();
        const body = open?.body ?? {
          date: dated,
          memo: `Entry ${(model.books.sent += 1)} by hand`,
          lines: Object.entries(postings).map(([account, f]) =>
            f > 0 ? { account, debit: kit.aed(f) } : { account, credit: kit.aed(-f) },
          ),
        };
        const balanced = Object.values(postings).reduce((s, f) => s + f, 0) === 0;
        const moves = Object.keys(postings).some(
          (code) => code === 'cash' || code === 'cash_box' || code.startsWith('savings:'),
        );
        const locked = dated !== today() && model.books.lockedEntries !== null;
        const refused = refusedPosting(model, postings) || locked ? 409 : null;
        const expected = !model.admins[who]!.active
          ? 403
          : !balanced || onLeftSavings(model, postings)
            ? 422
            : moves
              ? kit.signerAnswer(model, who, open, { refused })
              : (refused ?? 201);
        const res = await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: '/api/admin/journal-entries',
            payload: body,
            headers: bearer(real.adminTokens[who]!),
          },
          expected === 200 ? 201 : expected,
        );
        if (expected === 202) handProposals.push({ body, postings, by: who });
        if (expected !== 200 && expected !== 201) return;
        if (open) handProposals.splice(handProposals.indexOf(open), 1);
        model.books.entries.push(
          newEntry({
            id: res.json().entry_id,
            kind: 'journal',
            postings,
            proposedBy: open?.by ?? null,
            createdBy: who,
            lastMonth: dated !== today(),
          }),
        );
        post(model, postings);
      },
    );
  };
  return { handArgs, handStep };
}
