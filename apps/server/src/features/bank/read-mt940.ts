import { createRequire } from 'node:module';
import type { Fils } from '@jamiya/money/fils';
import type { Problems, ReadLines, StatementLine, StatementReader } from './read-types.ts';
import {
  bankReference,
  dayOf,
  lineText,
  MAX_LINES,
  NO_SUCH_DAY,
  OTHER_CURRENCY,
  readAmount,
  sentence,
  TOO_MANY_LINES,
  ZERO_AMOUNT,
  type Value,
} from './read-values.ts';

// A SWIFT MT940, through mt940js: it splits the tags, groups them into statements and checks
// each (its tags all there, one currency, the lines adding up to the closing balance). Its
// amounts are floats and its days roll over (31 February is 3 March), so both are read again
// here from the tags it keeps, exactly.

interface Mt940Tag {
  id: number | string;
  /** The tag's text after `:61:`, its lines joined by "\n". */
  data: string;
}
interface Mt940Transaction {
  reference: string;
  bankReference: string;
  extraDetails: string;
  details: string;
}
interface Mt940Statement {
  currency: string;
  transactions: Mt940Transaction[];
  tags: Mt940Tag[];
}
// mt940js has no types: what is used of it, typed here.
const { Parser } = createRequire(import.meta.url)('mt940js') as {
  Parser: new (options: { no86Structure: boolean }) => {
    parse(text: string, withTags: true): Mt940Statement[];
  };
};

// :61: value date YYMMDD, entry date MMDD, mark (D, C, RD, RC), funds code, amount "1500,00".
const STATEMENT_LINE = /^(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2}))?(R?[DC])[A-Z]?([\d,]+)/;
const BALANCE = /^([DC])\d{6}[A-Z]{3}([\d,]+)/;

/** An MT940 amount ("1500,00", "3000,") in fils, signed by its mark. */
function amountOf(digits: string, isDebit: boolean): Value<Fils> {
  const amount = readAmount(digits.replace(/,$/, ''), ',');
  return amount.ok && isDebit ? { ok: true, value: -amount.value } : amount;
}

/**
 * The booking day of a :61:: its entry date, in the year of its value date but for a booking
 * across the new year (value 31 December, entry 2 January); else its value date.
 */
function bookingDay(m: RegExpExecArray): string | null {
  const [year, month, day] = [2000 + Number(m[1]), Number(m[2]), Number(m[3])];
  if (!m[4]) return dayOf(year, month, day);
  const entryMonth = Number(m[4]);
  const shift = entryMonth - month > 6 ? -1 : month - entryMonth > 6 ? 1 : 0;
  return dayOf(year + shift, entryMonth, Number(m[5]));
}

/** The line where mt940js found its tag broken, when its message names the tag. */
function lineOfError(lines: string[], message: string): number | null {
  const m = /^(?:Unknown tag|Cannot parse tag) (\w+)(?:: ([^\n]*))?/.exec(message);
  if (!m) return null;
  const index = lines.findIndex((line) => line.startsWith(`:${m[1]}`) && line.endsWith(m[2] ?? ''));
  return index < 0 ? null : index + 1;
}

/** The lines of an MT940, every statement of the file in its order; what is wrong, in `problems`. */
export function readMt940(text: string, problems: Problems): ReadLines {
  const none: ReadLines = { lines: [], openingBalanceFils: null, closingBalanceFils: null };
  const fileLines = text.split(/\r?\n/);
  // The number of each :61: line, in order: mt940js keeps the tags in the file's order.
  const rowsOf61 = fileLines.flatMap((line, index) => (line.startsWith(':61:') ? [index + 1] : []));
  const broken = (line: number | null, detail: string) =>
    problems.add(
      line,
      null,
      line === null
        ? sentence(/*i18n*/ 'The MT940 file is broken: {detail}.', { detail })
        : sentence(/*i18n*/ 'The MT940 file is broken near line {line}: {detail}.', {
            line,
            detail,
          }),
    );
  // Text before the first tag would stop mt940js with a TypeError that says nothing.
  const first = fileLines.findIndex((line) => line.trim() !== '');
  if (!/^(?::\w{2,3}:|\{)/.test(fileLines[first] ?? '')) {
    broken(first + 1, 'Text before the first tag');
    return none;
  }
  let statements: Mt940Statement[];
  try {
    statements = new Parser({ no86Structure: true }).parse(text, true);
  } catch (error) {
    const detail = (error as Error).message.slice(0, 200).replace(/\.$/, '');
    broken(lineOfError(fileLines, detail), detail);
    return none;
  }

  const other = statements.find((s) => s.currency !== 'AED');
  if (other) {
    problems.add(null, null, OTHER_CURRENCY(other.currency));
    return none;
  }
  const count = statements.reduce((n, s) => n + s.transactions.length, 0);
  if (count > MAX_LINES) {
    problems.add(null, null, TOO_MANY_LINES(MAX_LINES));
    return none;
  }

  const balance = (statement: Mt940Statement | undefined, id: number) => {
    const m = BALANCE.exec(statement?.tags.find((tag) => tag.id === id)?.data ?? '');
    const amount = m && amountOf(m[2]!, m[1] === 'D');
    return amount?.ok ? amount.value : null;
  };
  const lines: StatementLine[] = [];
  let index = 0;
  for (const statement of statements) {
    const tags = statement.tags.filter((tag) => tag.id === 61);
    for (const [k, transaction] of statement.transactions.entries()) {
      const row = rowsOf61[index++] ?? index;
      if (problems.full) break;
      const m = STATEMENT_LINE.exec(tags[k]?.data ?? '');
      if (!m) {
        broken(row, `Cannot parse tag 61: ${(tags[k]?.data ?? '').split('\n')[0]!.slice(0, 100)}`);
        continue;
      }
      const bookedOn = bookingDay(m);
      // RD undoes a debit: money in; RC undoes a credit: money out.
      const amount = amountOf(m[7]!, m[6] === 'D' || m[6] === 'RC');
      if (!bookedOn) problems.add(row, ':61:', NO_SUCH_DAY(m[0].slice(0, m[4] ? 10 : 6)));
      if (!amount.ok) problems.add(row, ':61:', amount.say);
      else if (amount.value === 0) problems.add(row, ':61:', ZERO_AMOUNT);
      if (!bookedOn || !amount.ok || amount.value === 0) continue;
      const reference = transaction.reference.trim();
      const bankRef =
        bankReference(transaction.bankReference) ??
        (reference === 'NONREF' ? null : bankReference(reference));
      lines.push({
        row,
        bookedOn,
        amountFils: amount.value,
        text: lineText([transaction.details, transaction.extraDetails]),
        bankRef,
        balanceFils: null,
      });
    }
  }
  if (problems.list.length) return none;
  return {
    lines,
    openingBalanceFils: balance(statements[0], 60),
    closingBalanceFils: balance(statements.at(-1), 62),
  };
}

/** Its first tags: an MT940 missing its :60F: is still one, broken, and says so rather than pass for a CSV. */
export const mt940: StatementReader = {
  detect: (head) =>
    !/^\s*</.test(head) &&
    ((/^:20:/m.test(head) && /^:60[FM]:/m.test(head)) || /^\s*(?::20:|\{1:)/.test(head)),
  read: (text, problems) => readMt940(text, problems),
};
