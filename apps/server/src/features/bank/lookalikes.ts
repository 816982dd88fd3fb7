import { compact, referencesIn } from './matching.ts';
import type { StatementFormat as BankFormat, StatementLine } from './read-statement.ts';

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

const mentions = (text: string, ref: string | null) => {
  const wanted = ref ? compact(ref) : '';
  if (wanted.length < 4) return false;
  if (wanted.length >= INSIDE_TEXT && compact(text).includes(wanted)) return true;
  return text.split(/[^\p{L}\p{N}]+/u).some((word) => compact(word) === wanted);
};

export function likeness(line: StatementLine, format: BankFormat, held: HeldLine): Likeness {
  if (line.bankRef && held.bankRef && compact(line.bankRef) === compact(held.bankRef))
    return 'same';
  if (mentions(held.text, line.bankRef) || mentions(line.text, held.bankRef)) return 'same';
  if (line.balanceFils !== null && held.balanceFils !== null)
    return line.balanceFils === held.balanceFils ? 'same' : 'different';
  const ours = referencesIn(line.text, MEMBER_PREFIX);
  const theirs = referencesIn(held.text, MEMBER_PREFIX);
  if (ours.size > 0 && theirs.size > 0)
    return [...ours].some((n) => theirs.has(n)) ? 'same' : 'different';
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
export function recognise(
  lines: ReadonlyArray<{ index: number; line: StatementLine }>,
  format: BankFormat,
  held: HeldLine[],
): Recognised {
  const byDayAndAmount = new Map<string, HeldLine[]>();
  for (const h of held) {
    const key = `${h.bookedOn}|${h.amountFils}`;
    byDayAndAmount.set(key, [...(byDayAndAmount.get(key) ?? []), h]);
  }
  const taken = new Set<number>();
  const same = new Map<number, number>();
  const unsure = new Map<number, HeldLine>();
  const open: Array<{ index: number; line: StatementLine; candidates: HeldLine[] }> = [];
  for (const { index, line } of lines) {
    const candidates = byDayAndAmount.get(`${line.bookedOn}|${line.amountFils}`) ?? [];
    const found = candidates.find((h) => !taken.has(h.id) && likeness(line, format, h) === 'same');
    if (found) {
      taken.add(found.id);
      same.set(index, found.id);
    } else if (candidates.length) open.push({ index, line, candidates });
  }
  for (const { index, line, candidates } of open) {
    const found = candidates.find(
      (h) => !taken.has(h.id) && likeness(line, format, h) === 'unsure',
    );
    if (found) {
      taken.add(found.id);
      unsure.set(index, found);
    }
  }
  return { same, unsure };
}
