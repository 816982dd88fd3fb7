import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchReason } from '@jamiya/contracts/bank';
import {
  compact,
  daysApart,
  matchLines,
  MATCH_WINDOW_DAYS,
  type Counterpart,
  type LineToMatch,
  type Member,
} from './matching.ts';

// matchLines finds a line's candidates through an index (issue 37's 2,000 lines against 1,000
// receipts in seconds). Here every line is weighed against every counterpart, by the rules as
// docs/domain/reconciliation.md states them, and the two must agree on any input.

const WORDS = ['amina', 'yusuf', 'rahul', 'nair', 'ali', 'khan', 'محمد', 'علي'];

function reasonByTheRules(
  line: LineToMatch,
  c: Counterpart,
  member: Member | undefined,
): MatchReason | null {
  if (daysApart(line.bookedOn, c.day) > MATCH_WINDOW_DAYS) return null;
  const given = c.bankReference ? compact(c.bankReference) : '';
  const text = compact(line.text);
  if (given.length >= 4 && (text.includes(given) || compact(line.bankRef ?? '') === given))
    return 'bank_reference';
  if (!member) return null;
  const number = Number(member.unique_id.slice(2));
  const named = [...line.text.matchAll(/jm[\s\-_:#/.]*(\d{1,10})(?!\d)/giu)].map((m) =>
    Number(m[1]),
  );
  if (named.includes(number)) return 'member_reference';
  const textWords = line.text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const name = member.name.toLowerCase().split(' ');
  if (name.length >= 2 && name.every((w) => textWords.includes(w))) return 'member_name';
  return null;
}

const STRENGTH: Record<MatchReason, number> = {
  bank_reference: 3,
  member_reference: 2,
  member_name: 1,
};

function everyPairWeighed(
  lines: LineToMatch[],
  counterparts: Counterpart[],
  members: Map<number, Member>,
) {
  const pairs = lines.flatMap((line) =>
    counterparts.flatMap((c) => {
      if (c.amountFils !== line.amountFils) return [];
      const why = reasonByTheRules(line, c, c.userId === null ? undefined : members.get(c.userId));
      return why ? [{ line, c, why, distance: daysApart(line.bookedOn, c.day) }] : [];
    }),
  );
  pairs.sort(
    (a, b) =>
      STRENGTH[b.why] - STRENGTH[a.why] ||
      a.distance - b.distance ||
      a.line.id - b.line.id ||
      a.c.id - b.c.id,
  );
  const lineTaken = new Set<number>();
  const taken = new Set<string>();
  return pairs.flatMap(({ line, c, why }) => {
    if (lineTaken.has(line.id) || taken.has(`${c.kind}:${c.id}`)) return [];
    lineTaken.add(line.id);
    taken.add(`${c.kind}:${c.id}`);
    return [{ lineId: line.id, kind: c.kind, id: c.id, why }];
  });
}

const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-10-${String(d).padStart(2, '0')}`);
const amount = fc.constantFrom(20_000, 35_667, -100_000);
const memberNumber = fc.integer({ min: 1, max: 6 });
const bankRef = fc.option(fc.constantFrom('FT26-9913', 'ft269913', 'AB1', 'REF 0042'), {
  nil: null,
});

const textPart = fc.oneof(
  memberNumber.map((n) => `JM${String(n).padStart(6, '0')}`),
  memberNumber.map((n) => `jm-${n}`),
  fc.constantFrom(...WORDS),
  fc.constantFrom('FT269913', 'REF0042', 'TRANSFER', 'IPP', '200.00'),
);

const members = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.option(fc.constantFrom(...WORDS))), {
    minLength: 6,
    maxLength: 6,
  })
  .map(
    (names) =>
      new Map(
        names.map(([first, last], i): [number, Member] => [
          i + 1,
          {
            unique_id: `JM${String(i + 1).padStart(6, '0')}`,
            name: last ? `${first} ${last}` : first,
          },
        ]),
      ),
  );

const lines = fc.array(
  fc.record({
    bookedOn: day,
    amountFils: amount,
    text: fc.array(textPart, { maxLength: 4 }).map((p) => p.join(' ')),
    bankRef,
  }),
  { maxLength: 12 },
);

const counterparts = fc.array(
  fc.record({
    kind: fc.constantFrom('payment' as const, 'entry' as const),
    amountFils: amount,
    day,
    userId: fc.option(memberNumber, { nil: null }),
    bankReference: bankRef,
  }),
  { maxLength: 12 },
);

describe('matchLines', () => {
  it('finds what weighing every line against every counterpart finds', () => {
    fc.assert(
      fc.property(members, lines, counterparts, (known, rawLines, rawCounterparts) => {
        const ls = rawLines.map((l, i) => ({ ...l, id: i + 1 }));
        const cs = rawCounterparts.map((c, i) => ({ ...c, id: i + 1 }));
        const found = matchLines(ls, cs, known).map((m) => ({
          lineId: m.lineId,
          kind: m.counterpart.kind,
          id: m.counterpart.id,
          why: m.why,
        }));
        expect(found).toEqual(everyPairWeighed(ls, cs, known));
      }),
      { numRuns: 400 },
    );
  });

  it('matches 1,000 receipts of one amount among 2,000 lines, each to its own line', () => {
    const known = new Map<number, Member>();
    const cs: Counterpart[] = [];
    const ls: LineToMatch[] = [];
    for (let i = 1; i <= 1000; i++) {
      known.set(i, { unique_id: `JM${String(i).padStart(6, '0')}`, name: `Member${i} Bench` });
      cs.push({
        kind: 'payment',
        id: i,
        amountFils: 20_000,
        day: '2026-10-10',
        userId: i,
        bankReference: null,
      });
      ls.push({
        id: i,
        bookedOn: '2026-10-11',
        amountFils: 20_000,
        text: `IPP JM${String(i).padStart(6, '0')}`,
        bankRef: null,
      });
      ls.push({
        id: 1000 + i,
        bookedOn: '2026-10-11',
        amountFils: 20_000,
        text: `CASH DEPOSIT ${i}`,
        bankRef: null,
      });
    }
    const found = matchLines(ls, cs, known);
    expect(found).toHaveLength(1000);
    expect(found.every((m) => m.lineId === m.counterpart.id)).toBe(true);
  });
});
