import { desc, lt } from 'drizzle-orm';
import { filsToAed } from '@jamiya/money/fils';
import type {
  BankLine,
  BankMatch,
  BankStatement,
  BankStatementDetail,
  BankStatementQuery,
  CashEntry,
  StatementSection,
  WaitingPayment,
} from '@jamiya/contracts/bank';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../db/client.ts';
import { bankStatements } from '../../db/schema/bank.ts';
import { page } from '../../lib/pagination.ts';
import {
  accountNameIn,
  accountNames,
  otherSideOfCash,
  type CashMovement,
} from '../ledger/public.ts';
import type { PaymentForMatching } from '../payments/public.ts';
import { memberRefsById } from '../users/public.ts';
import { pictureOf, type StatementPicture } from './proposed.ts';
import { linesInTheBooks, statementOr404, type LineRow, type StatementRow } from './statements.ts';

// Statements, lines and matches as the API answers them, in AED.

export async function statementViews(db: DbOrTx, rows: StatementRow[]): Promise<BankStatement[]> {
  const people = await memberRefsById(
    db,
    rows.map((r) => r.importedBy),
  );
  return rows.map((r) => ({
    id: r.id,
    format: r.format,
    bank: r.bank,
    file_name: r.fileName,
    from: r.fromDate,
    to: r.toDate,
    opening_balance: r.openingBalanceFils === null ? null : filsToAed(r.openingBalanceFils),
    closing_balance: r.closingBalanceFils === null ? null : filsToAed(r.closingBalanceFils),
    lines: r.lineCount,
    new_lines: r.newLines,
    duplicate_lines: r.lineCount - r.newLines,
    imported_by: people.get(r.importedBy) ?? { id: r.importedBy, unique_id: '', name: '' },
    imported_at: r.importedAt.toISOString(),
  }));
}

/** A page of the statements imported, newest first, as the list shows them. */
export async function statementsPage(
  db: DbOrTx,
  query: { cursor: number | null; limit: number },
): Promise<{ items: BankStatement[]; next_cursor: string | null }> {
  const { cursor, limit } = query;
  const rows = await db
    .select()
    .from(bankStatements)
    .where(cursor === null ? undefined : lt(bankStatements.id, cursor))
    .orderBy(desc(bankStatements.id))
    .limit(limit + 1);
  const { items, nextCursor } = page(rows, limit);
  return { items: await statementViews(db, items), next_cursor: nextCursor };
}

/** The account each booked line went to, named in the reader's language. */
export async function bookedAccounts(
  db: DbOrTx,
  lines: LineRow[],
  language: Language,
): Promise<Map<number, { code: string; name: string }>> {
  const booked = lines.filter((l) => l.linkKind === 'book' && l.entryId !== null);
  if (booked.length === 0) return new Map();
  const codeOf = await otherSideOfCash(
    db,
    booked.map((l) => l.entryId!),
  );
  const names = await accountNames(db, [...codeOf.values()]);
  return new Map(
    booked.flatMap((l) => {
      const code = codeOf.get(l.entryId!);
      return code ? [[l.id, { code, name: accountNameIn(code, language, names) }] as const] : [];
    }),
  );
}

export function lineView(
  l: LineRow,
  booked: ReadonlyMap<number, { code: string; name: string }> = new Map(),
): BankLine {
  return {
    id: l.id,
    booked_on: l.bookedOn,
    amount: filsToAed(l.amountFils),
    text: l.text,
    bank_ref: l.bankRef,
    balance: l.balanceFils === null ? null : filsToAed(l.balanceFils),
    payment_id: l.paymentId,
    entry_id: l.entryId,
    link: l.paymentId === null && l.entryId === null ? null : (l.linkKind ?? 'match'),
    booked_to: booked.get(l.id) ?? null,
  };
}

const refOf = (members: StatementPicture['members'], id: number) =>
  members.get(id) ?? { id, unique_id: '', name: '' };

export function paymentView(
  p: PaymentForMatching,
  members: StatementPicture['members'],
): WaitingPayment {
  return {
    id: p.id,
    kind: p.kind,
    member: refOf(members, p.userId),
    period: p.period,
    loan_id: p.loanId,
    amount: filsToAed(p.amountFils),
    transfer_date: p.transferDate,
    bank_reference: p.bankReference,
    submitted_at: p.submittedAt.toISOString(),
  };
}

export function entryView(m: CashMovement, members: StatementPicture['members']): CashEntry {
  return {
    id: m.entryId,
    kind: m.kind,
    memo: m.memo,
    occurred_on: m.occurredOn,
    amount: filsToAed(m.cashFils),
    member: m.userId === null ? null : refOf(members, m.userId),
    payment_id: m.paymentId,
  };
}

/** The ids that order a part of the page: a line's, a payment's or an entry's. */
function pageOf<T>(
  items: readonly T[],
  idOf: (item: T) => number,
  asked: boolean,
  after: number | undefined,
  limit: number,
): T[] {
  if (!asked) return [];
  return items
    .filter((item) => after === undefined || idOf(item) > after)
    .sort((a, b) => idOf(a) - idOf(b))
    .slice(0, limit);
}

/**
 * The page of a statement: the first `limit` of every part, or with `section` the next `limit`
 * of that part after `after`; the counts are always of everything. At 45,000 lines the whole
 * picture ran to megabytes a phone had to read before it showed anything.
 */
async function detailView(
  db: DbOrTx,
  picture: StatementPicture,
  language: Language,
  { section, after, limit }: BankStatementQuery,
): Promise<BankStatementDetail> {
  const { members, payments, movements } = picture;
  const page = <T>(part: StatementSection, items: readonly T[], idOf: (item: T) => number) =>
    pageOf(items, idOf, section === undefined || section === part, after, limit);
  const credits = picture.unmatchedLines.filter((l) => l.amountFils > 0);
  const debits = picture.unmatchedLines.filter((l) => l.amountFils <= 0);
  const inTheBooks = await linesInTheBooks(
    db,
    picture.statement.id,
    section === undefined || section === 'linked' ? { after, limit } : null,
  );
  const linked = inTheBooks.lines;
  const booked = await bookedAccounts(db, linked, language);
  const [statement] = await statementViews(db, [picture.statement]);
  const matched: BankMatch[] = page('matched', picture.matches, (m) => m.lineId).map(
    ({ lineId, counterpart, why }) => {
      const payment = counterpart.kind === 'payment' ? payments.get(counterpart.id) : undefined;
      const entry = counterpart.kind === 'entry' ? movements.get(counterpart.id) : undefined;
      return {
        line: lineView(picture.lines.get(lineId)!),
        payment: payment ? paymentView(payment, members) : null,
        entry: entry ? entryView(entry, members) : null,
        why,
      };
    },
  );
  const out = (lineIds: number[]) =>
    lineIds.filter((id) => picture.lines.get(id)!.amountFils < 0).length;
  return {
    statement: statement!,
    counts: {
      matched: picture.matches.length,
      matched_out: out(picture.matches.map((m) => m.lineId)),
      linked: inTheBooks.all,
      linked_out: inTheBooks.out,
      credits: credits.length,
      debits: debits.length,
      payments: picture.unmatchedPayments.length,
      entries: picture.unmatchedEntries.length,
    },
    matched,
    linked: linked.map((l) => lineView(l, booked)),
    unmatched_lines: [
      ...page('credits', credits, (l) => l.id),
      ...page('debits', debits, (l) => l.id),
    ].map((l) => lineView(l)),
    unmatched_payments: page('payments', picture.unmatchedPayments, (p) => p.id).map((p) =>
      paymentView(p, members),
    ),
    unmatched_entries: page('entries', picture.unmatchedEntries, (m) => m.entryId).map((m) =>
      entryView(m, members),
    ),
  };
}

/** The page of the statement `statementId` (404 when there is none), set beside the books. */
export async function statementDetail(
  db: DbOrTx,
  statementId: number,
  language: Language,
  query: BankStatementQuery,
): Promise<BankStatementDetail> {
  return detailView(
    db,
    await pictureOf(db, await statementOr404(db, statementId)),
    language,
    query,
  );
}
