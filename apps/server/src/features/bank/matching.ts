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
export function referencesIn(text: string, prefix: string): Set<number> {
  const found = new Set<number>();
  const pattern = new RegExp(`${prefix}[\\s\\-_:#/.]*(\\d{1,10})(?!\\d)`, 'giu');
  for (const [, digits] of latinDigits(text).matchAll(pattern)) found.add(Number(digits));
  return found;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
export const daysApart = (a: string, b: string) => Math.abs(dayNumber(a) - dayNumber(b));

interface ReadLine {
  compact: string;
  bankRef: string;
  words: Set<string>;
  references: Set<number>;
}

/** A counterpart with what finding it needs worked out once, not once per line. */
interface Sought {
  counterpart: Counterpart;
  /** The bank reference the member gave, compacted; empty when too short to trust. */
  given: string;
  /** The number of the member's reference ("JM000123" → 123). */
  number: number | null;
  /** The member's name in words, when it has enough of them to stand for a payment. */
  name: string[];
}

function sought(c: Counterpart, members: Map<number, Member>): Sought {
  const given = c.bankReference ? compact(c.bankReference) : '';
  const member = c.userId === null ? undefined : members.get(c.userId);
  const [, , digits] = /^(\D+)(\d+)$/.exec(member?.unique_id ?? '') ?? [];
  const name = member ? words(member.name) : [];
  return {
    counterpart: c,
    given: given.length >= 4 ? given : '',
    number: digits === undefined ? null : Number(digits),
    // One word alone ("Ali") names too many people to stand for a payment.
    name: name.length >= 2 ? name : [],
  };
}

function whyMatched(read: ReadLine, s: Sought): MatchReason | null {
  if (s.given && (read.bankRef === s.given || read.compact.includes(s.given)))
    return 'bank_reference';
  if (s.number !== null && read.references.has(s.number)) return 'member_reference';
  if (s.name.length > 0 && s.name.every((w) => read.words.has(w))) return 'member_name';
  return null;
}

/**
 * The counterparts of one amount and day, found by what a line can name: the ones with a bank
 * reference (looked for in every line), by their member's number, by the rarest word of their
 * member's name (every word must be in the line: by the first, a line naming a Mohammed was
 * weighed against every Mohammed). A line is then weighed against a handful.
 */
class SoughtByClue {
  private readonly withReference: Sought[] = [];
  private readonly byNumber = new Map<number, Sought[]>();
  private readonly byNameWord = new Map<string, Sought[]>();

  add(s: Sought, nameWord: string | undefined) {
    if (s.given) this.withReference.push(s);
    if (s.number !== null) pushTo(this.byNumber, s.number, s);
    if (nameWord !== undefined) pushTo(this.byNameWord, nameWord, s);
  }

  candidates(read: ReadLine): Set<Sought> {
    const found = new Set<Sought>(this.withReference);
    for (const n of read.references) for (const s of this.byNumber.get(n) ?? []) found.add(s);
    for (const w of read.words) for (const s of this.byNameWord.get(w) ?? []) found.add(s);
    return found;
  }
}

/** Each name's word that fewest of the names hold. */
function rarestWords(all: Sought[]): Map<Sought, string> {
  const counts = new Map<string, number>();
  for (const s of all) for (const w of new Set(s.name)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const rarest = new Map<Sought, string>();
  for (const s of all) {
    let best: string | undefined;
    for (const w of s.name) if (best === undefined || counts.get(w)! < counts.get(best)!) best = w;
    if (best !== undefined) rarest.set(s, best);
  }
  return rarest;
}

/** Day numbers worked out once each: 45,000 lines asked for them millions of times. */
function dayNumbers(): (day: string) => number {
  const known = new Map<string, number>();
  return (day) => {
    let n = known.get(day);
    if (n === undefined) known.set(day, (n = dayNumber(day)));
    return n;
  };
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
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
  const dayOf = dayNumbers();
  const all = counterparts.map((c) => sought(c, members));
  const nameWord = rarestWords(all);
  // By amount, then by day: a line is weighed against those of its amount within the window.
  const byAmount = new Map<number, Map<number, SoughtByClue>>();
  for (const s of all) {
    const c = s.counterpart;
    let byDay = byAmount.get(c.amountFils);
    if (!byDay) byAmount.set(c.amountFils, (byDay = new Map()));
    let clues = byDay.get(dayOf(c.day));
    if (!clues) byDay.set(dayOf(c.day), (clues = new SoughtByClue()));
    clues.add(s, nameWord.get(s));
  }
  const pairs: Array<Match & { strength: number; distance: number }> = [];
  for (const line of lines) {
    const byDay = byAmount.get(line.amountFils);
    if (!byDay) continue;
    const read: ReadLine = {
      compact: compact(line.text),
      bankRef: line.bankRef ? compact(line.bankRef) : '',
      words: new Set(words(line.text)),
      references: prefix ? referencesIn(line.text, prefix) : new Set(),
    };
    const day = dayOf(line.bookedOn);
    for (let d = day - MATCH_WINDOW_DAYS; d <= day + MATCH_WINDOW_DAYS; d++) {
      const clues = byDay.get(d);
      if (!clues) continue;
      for (const s of clues.candidates(read)) {
        const why = whyMatched(read, s);
        if (why)
          pairs.push({
            lineId: line.id,
            counterpart: s.counterpart,
            why,
            strength: STRENGTH[why],
            distance: Math.abs(day - d),
          });
      }
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
