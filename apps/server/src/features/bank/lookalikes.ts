import { letOthersIn } from '../../lib/batches.ts';
import { compact, referencesIn } from './matching.ts';
import type { BankFormat, StatementLine } from './read-types.ts';

// A line of a new statement beside a line already held with the same day and amount, when the
// two files are not of one format (each format keeps its own text and references, so the line's
// dedupe key cannot find it): the same line, another line, or one only the treasurer can tell
// (docs/domain/reconciliation.md).

export interface HeldLine {
  id: number;
  bookedOn: string;
  amountFils: number;
  text: string;
  bankRef: string | null;
  balanceFils: number | null;
  /** The formats of the statements that held it. */
  formats: ReadonlySet<BankFormat>;
}

export type Likeness = 'same' | 'different' | 'unsure';

const MEMBER_PREFIX = 'JM';
/**
 * A reference this long is found inside another line's text; a shorter one (at least 4) only as
 * a word of it: a day and an amount are the same already, so little more is needed.
 */
const INSIDE_TEXT = 6;

/** What comparing a line needs, worked out once a line: 45,000 new lines against 90,000 held
 * ones compacted their texts 3 million times, for 40 s. */
interface Read {
  ref: string;
  text: string;
  words: ReadonlySet<string>;
  members: ReadonlySet<number>;
}

const readOf = (line: { text: string; bankRef: string | null }): Read => ({
  ref: line.bankRef ? compact(line.bankRef) : '',
  text: compact(line.text),
  words: new Set(line.text.split(/[^\p{L}\p{N}]+/u).map(compact)),
  members: referencesIn(line.text, MEMBER_PREFIX),
});

/** Whether `read`'s text carries the reference `wanted` (compacted). */
const mentions = (read: Read, wanted: string) => {
  if (wanted.length < 4) return false;
  if (wanted.length >= INSIDE_TEXT && read.text.includes(wanted)) return true;
  return read.words.has(wanted);
};

export function likeness(line: StatementLine, format: BankFormat, held: HeldLine): Likeness {
  return likenessOf(line, readOf(line), format, held, readOf(held));
}

function likenessOf(
  line: StatementLine,
  ours: Read,
  format: BankFormat,
  held: HeldLine,
  theirs: Read,
): Likeness {
  if (line.bankRef && held.bankRef && ours.ref === theirs.ref) return 'same';
  if (mentions(theirs, ours.ref) || mentions(ours, theirs.ref)) return 'same';
  if (line.balanceFils !== null && held.balanceFils !== null)
    return line.balanceFils === held.balanceFils ? 'same' : 'different';
  if (ours.members.size > 0 && theirs.members.size > 0)
    return [...ours.members].some((n) => theirs.members.has(n)) ? 'same' : 'different';
  // camt.053 and MT940 write one line the same way each time: had a statement of that format
  // held it, its key would have found it. A CSV's text depends on the columns chosen.
  if (format !== 'csv' && held.formats.has(format)) return 'different';
  return 'unsure';
}

export interface Recognised {
  /** Index of the new line -> the held line it is. */
  same: Map<number, number>;
  /** Index of the new line -> the held line it looks like, which nothing decides. */
  unsure: Map<number, HeldLine>;
}

/**
 * The new lines (by index, those no dedupe key found) that are lines already held: each held
 * line stands for one new line at most, the same ones first.
 */
export async function recognise(
  lines: ReadonlyArray<{ index: number; line: StatementLine }>,
  format: BankFormat,
  held: HeldLine[],
): Promise<Recognised> {
  const byDayAndAmount = new Map<string, HeldLine[]>();
  for (const h of held) {
    const key = `${h.bookedOn}|${h.amountFils}`;
    const list = byDayAndAmount.get(key);
    if (list) list.push(h);
    else byDayAndAmount.set(key, [h]);
  }
  const heldRead = new Map<HeldLine, Read>();
  const readHeld = (h: HeldLine) => {
    let read = heldRead.get(h);
    if (!read) heldRead.set(h, (read = readOf(h)));
    return read;
  };
  const taken = new Set<number>();
  const same = new Map<number, number>();
  const unsure = new Map<number, HeldLine>();
  const open: Array<{ index: number; line: StatementLine; read: Read; candidates: HeldLine[] }> =
    [];
  // A month imported in two formats weighs each new line against every held line of its day and
  // amount: others are answered every 500 lines (45,000 against 135,000 held took 13 s).
  for (const [n, { index, line }] of lines.entries()) {
    if (n % 500 === 499) await letOthersIn();
    const candidates = byDayAndAmount.get(`${line.bookedOn}|${line.amountFils}`) ?? [];
    if (candidates.length === 0) continue;
    const read = readOf(line);
    const like = (h: HeldLine) => likenessOf(line, read, format, h, readHeld(h));
    const found = candidates.find((h) => !taken.has(h.id) && like(h) === 'same');
    if (found) {
      taken.add(found.id);
      same.set(index, found.id);
    } else open.push({ index, line, read, candidates });
  }
  for (const [n, { index, line, read, candidates }] of open.entries()) {
    if (n % 500 === 499) await letOthersIn();
    const found = candidates.find(
      (h) => !taken.has(h.id) && likenessOf(line, read, format, h, readHeld(h)) === 'unsure',
    );
    if (found) {
      taken.add(found.id);
      unsure.set(index, found);
    }
  }
  return { same, unsure };
}
