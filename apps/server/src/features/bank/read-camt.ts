import { XMLParser, XMLValidator } from 'fast-xml-parser';
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

// An ISO 20022 camt.053 (bank to customer statement), any version: 001.02 as older banks send
// it, 001.08 and later with the parties' names one level down (Dbtr/Pty/Nm). Its DOCTYPE and
// entities were refused before (read-statement.ts); the parser is told not to expand any either.

type Node = { [name: string]: unknown };

const parser = new XMLParser({
  processEntities: false,
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  isArray: (name) => ['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd'].includes(name),
});

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The element at `path` under `node` (the first of a list), or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let here = node;
  for (const name of path) {
    if (Array.isArray(here)) here = here[0];
    here = isNode(here) ? here[name] : undefined;
  }
  return here;
}

const list = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : []);

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * An element's text. With entities off the parser leaves `&amp;` and `&#1575;` as written:
 * XML's own five and numeric references are put back here, once, so nothing can expand.
 */
function textOf(value: unknown): string {
  const raw = isNode(value) ? value['#text'] : value;
  if (typeof raw !== 'string') return '';
  return raw.replace(
    /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi,
    (whole, name, dec, hex) => {
      if (name) return PREDEFINED[name.toLowerCase()] ?? whole;
      const code = dec ? Number(dec) : parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

const currencyOf = (amount: unknown) => (isNode(amount) ? textOf(amount['@_Ccy']) : '');

const missing = (field: string) =>
  sentence(
    /*i18n*/ 'The camt.053 file has no {field} where it needs one: export the statement again from the bank.',
    { field },
  );

/** A balance's or an entry's amount, signed by its CdtDbtInd. */
function signedAmount(node: Node): Value<Fils> {
  const indicator = textOf(node.CdtDbtInd);
  if (indicator !== 'CRDT' && indicator !== 'DBIT') return { ok: false, say: missing('CdtDbtInd') };
  const amount = readAmount(textOf(node.Amt));
  return amount.ok && indicator === 'DBIT' ? { ok: true, value: -amount.value } : amount;
}

/** The day of a BookgDt's Dt, or of its DtTm (2026-01-20T10:15:00+04:00). */
function dayIn(written: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(written);
  return m ? dayOf(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** An entry's words: its remittance information, else its own note, and who paid or was paid. */
function entryText(entry: Node, isCredit: boolean): string {
  const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
  const remittance = details.flatMap((tx) => [
    ...[at(tx, 'RmtInf', 'Ustrd')].flat(),
    ...list(at(tx, 'RmtInf', 'Strd')).map((strd) => at(strd, 'CdtrRefInf', 'Ref')),
  ]);
  const words = remittance.map(textOf).filter((w) => w.trim() !== '');
  if (!words.length) words.push(textOf(entry.AddtlNtryInf));
  // The other party: who paid in, or who was paid.
  const party = isCredit ? 'Dbtr' : 'Cdtr';
  const name = details
    .map(
      (tx) =>
        textOf(at(tx, 'RltdPties', party, 'Nm')) || textOf(at(tx, 'RltdPties', party, 'Pty', 'Nm')),
    )
    .find((n) => n.trim() !== '');
  return lineText([...words, name]);
}

/** The lines of a camt.053, every statement of the file in its order; what is wrong, in `problems`. */
export function readCamt053(text: string, problems: Problems): ReadLines {
  const none: ReadLines = { lines: [], openingBalanceFils: null, closingBalanceFils: null };
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    problems.add(
      valid.err.line,
      null,
      sentence(/*i18n*/ 'The camt.053 file is broken near line {line}: {detail}.', {
        line: valid.err.line,
        detail: valid.err.msg.replace(/\.$/, ''),
      }),
    );
    return none;
  }
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    // Valid XML no statement is (nested past the parser's depth, an element named __proto__).
    problems.add(
      null,
      null,
      sentence(
        /*i18n*/ 'The camt.053 file could not be read as a statement: export it again from the bank.',
      ),
    );
    return none;
  }
  const statements = list(at(document, 'Document', 'BkToCstmrStmt', 'Stmt'));

  const lines: StatementLine[] = [];
  let openingBalanceFils: Fils | null = null;
  let closingBalanceFils: Fils | null = null;
  let entryNumber = 0;
  for (const [index, statement] of statements.entries()) {
    const currencies = [
      textOf(at(statement, 'Acct', 'Ccy')),
      ...list(statement.Bal).map((bal) => currencyOf(bal.Amt)),
      ...list(statement.Ntry).map((entry) => currencyOf(entry.Amt)),
    ];
    const other = currencies.find((c) => c !== '' && c !== 'AED');
    if (other) {
      problems.add(null, null, OTHER_CURRENCY(other));
      return none;
    }

    for (const bal of list(statement.Bal)) {
      const type = textOf(at(bal, 'Tp', 'CdOrPrtry', 'Cd'));
      // The first statement's opening and the last one's closing: a file may hold several days.
      // Some banks give the day's opening as the previous closing (PRCD).
      const isOpening =
        index === 0 && (type === 'OPBD' || (type === 'PRCD' && openingBalanceFils === null));
      const isClosing = index === statements.length - 1 && type === 'CLBD';
      if (!isOpening && !isClosing) continue;
      const amount = signedAmount(bal);
      if (!amount.ok) problems.add(null, 'Bal', amount.say);
      else if (isOpening) openingBalanceFils = amount.value;
      else closingBalanceFils = amount.value;
    }

    for (const entry of list(statement.Ntry)) {
      entryNumber += 1;
      if (problems.full) break;
      const status = textOf(entry.Sts) || textOf(at(entry, 'Sts', 'Cd'));
      if (!status) problems.add(entryNumber, 'Sts', missing('Sts'));
      // Pending and expected entries may never be booked: only booked ones are the bank's word.
      if (status !== 'BOOK') continue;
      if (lines.length >= MAX_LINES) {
        problems.add(null, null, TOO_MANY_LINES(MAX_LINES));
        return none;
      }
      const written = textOf(at(entry, 'BookgDt', 'Dt')) || textOf(at(entry, 'BookgDt', 'DtTm'));
      const bookedOn = dayIn(written);
      const amount = signedAmount(entry);
      if (!bookedOn)
        problems.add(
          entryNumber,
          'BookgDt',
          written ? NO_SUCH_DAY(written.slice(0, 10)) : missing('BookgDt'),
        );
      if (!amount.ok) problems.add(entryNumber, 'Amt', amount.say);
      else if (amount.value === 0) problems.add(entryNumber, 'Amt', ZERO_AMOUNT);
      if (!bookedOn || !amount.ok || amount.value === 0) continue;
      const bankRef = bankReference(textOf(entry.AcctSvcrRef) || textOf(entry.NtryRef));
      lines.push({
        row: entryNumber,
        bookedOn,
        amountFils: amount.value,
        text: entryText(entry, amount.value > 0),
        bankRef,
        balanceFils: null,
      });
    }
  }
  return problems.list.length ? none : { lines, openingBalanceFils, closingBalanceFils };
}

const CAMT_053 =
  /<(?:[\w.-]+:)?Document\b[^>]*?\sxmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:camt\.053\.\d{3}\.\d{2}["']/;

/** An XML file whose document is a camt.053's, of any version. */
export const camt053: StatementReader = {
  detect: (head) => /^\s*</.test(head) && CAMT_053.test(head),
  read: (text, problems) => readCamt053(text, problems),
};
