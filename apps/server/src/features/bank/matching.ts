import type { MatchReason } from '@jamiya/contracts/bank';

// Which bank line is the money of which receipt or movement of the books
// (docs/domain/reconciliation.md): the same amount, within 7 days, and the line's text carries
// the bank's reference the member gave, the member's reference, or (less strongly) their name.
// Each line and each receipt or movement is taken once, the strongest and nearest first.

/** How many days a line may be booked before or after the transfer's date. */
export const MATCH_WINDOW_DAYS = 7;

export interface LineToMatch {
  id: number;
  bookedOn: string;
  amountFils: number;
  text: string;
  bankRef: string | null;
}

/** A receipt waiting (kind 'payment') or a movement of cash already in the books ('entry'). */
export interface Counterpart {
  kind: 'payment' | 'entry';
  id: number;
  /** As the line would show it: money in above 0, out below. */
  amountFils: number;
  /** The transfer's date as the member gave it, else the day it was sent or booked. */
  day: string;
  userId: number | null;
  bankReference: string | null;
}

/** A member as the users' door gives them: their reference and name. */
export interface Member {
  unique_id: string;
  name: string;
}

export interface Match {
  lineId: number;
  counterpart: Counterpart;
  why: MatchReason;
}

const STRENGTH: Record<MatchReason, number> = {
  bank_reference: 3,
  member_reference: 2,
  member_name: 1,
};

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const latinDigits = (s: string) =>
  s.replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10));

/** Letters and digits only, in capitals: "jm-000 123" and "JM000123" read the same. */
export const compact = (s: string) =>
  latinDigits(s.normalize('NFKC'))
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Words without case, marks or tatweel, for finding a name. */
const words = (s: string) =>
  latinDigits(s.normalize('NFKD'))
    .replace(/[\p{M}\u0640]/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The member numbers a text names: "JM000123", "JM-123", "jm 0123" all name 123. */
function referencesIn(text: string, prefix: string): Set<number> {
  const found = new Set<number>();
  const pattern = new RegExp(`${prefix}[\\s\\-_:#/.]*(\\d{1,10})(?!\\d)`, 'giu');
  for (const [, digits] of latinDigits(text).matchAll(pattern)) found.add(Number(digits));
  return found;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
export const daysApart = (a: string, b: string) => Math.abs(dayNumber(a) - dayNumber(b));

interface ReadLine {
  line: LineToMatch;
  compact: string;
  bankRef: string;
  words: Set<string>;
  references: Set<number>;
}

function whyMatched(
  read: ReadLine,
  c: Counterpart,
  members: Map<number, Member>,
): MatchReason | null {
  const given = c.bankReference ? compact(c.bankReference) : '';
  if (given.length >= 4 && (read.bankRef === given || read.compact.includes(given)))
    return 'bank_reference';
  const member = c.userId === null ? undefined : members.get(c.userId);
  if (!member) return null;
  const [, , digits] = /^(\D+)(\d+)$/.exec(member.unique_id) ?? [];
  if (digits !== undefined && read.references.has(Number(digits))) return 'member_reference';
  const name = words(member.name);
  // One word alone ("Ali") names too many people to stand for a payment.
  if (name.length >= 2 && name.every((w) => read.words.has(w))) return 'member_name';
  return null;
}

/**
 * The matches among `lines` and `counterparts`: each line with at most one counterpart and
 * each counterpart with at most one line, the strongest reason first, then the nearest day.
 */
export function matchLines(
  lines: LineToMatch[],
  counterparts: Counterpart[],
  members: Map<number, Member>,
): Match[] {
  const prefix = referencePrefix(members);
  const byAmount = new Map<number, Counterpart[]>();
  for (const c of counterparts) {
    const same = byAmount.get(c.amountFils);
    if (same) same.push(c);
    else byAmount.set(c.amountFils, [c]);
  }
  const pairs: Array<Match & { strength: number; distance: number }> = [];
  for (const line of lines) {
    const same = byAmount.get(line.amountFils);
    if (!same) continue;
    const read: ReadLine = {
      line,
      compact: compact(line.text),
      bankRef: line.bankRef ? compact(line.bankRef) : '',
      words: new Set(words(line.text)),
      references: prefix ? referencesIn(line.text, prefix) : new Set(),
    };
    for (const c of same) {
      const distance = daysApart(line.bookedOn, c.day);
      if (distance > MATCH_WINDOW_DAYS) continue;
      const why = whyMatched(read, c, members);
      if (why)
        pairs.push({ lineId: line.id, counterpart: c, why, strength: STRENGTH[why], distance });
    }
  }
  pairs.sort(
    (a, b) =>
      b.strength - a.strength ||
      a.distance - b.distance ||
      a.lineId - b.lineId ||
      a.counterpart.id - b.counterpart.id,
  );
  const lineTaken = new Set<number>();
  const taken = new Set<string>();
  const matches: Match[] = [];
  for (const { lineId, counterpart, why } of pairs) {
    const key = `${counterpart.kind}:${counterpart.id}`;
    if (lineTaken.has(lineId) || taken.has(key)) continue;
    lineTaken.add(lineId);
    taken.add(key);
    matches.push({ lineId, counterpart, why });
  }
  return matches;
}

/** The letters members' references start with ("JM"), escaped for a pattern. */
function referencePrefix(members: Map<number, Member>): string | null {
  for (const m of members.values()) {
    const [, letters] = /^(\D+)\d+$/.exec(m.unique_id) ?? [];
    if (letters) return letters.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return null;
}
