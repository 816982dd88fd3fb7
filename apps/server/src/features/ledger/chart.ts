import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Fils } from '@jamiya/money/fils';
import type { CreateAccountBody, UpdateAccountBody } from '@jamiya/contracts/accounts';
import type { AccountKind } from '@jamiya/contracts/values';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, postings } from '../../db/schema/ledger.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { Actor } from '../../lib/actor.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { sentence } from '../../lib/i18n.ts';
import { audit } from '../audit/public.ts';
import { getSettings } from '../settings/public.ts';
import { memberRefsById } from '../users/public.ts';
import { accountOwners, type AccountNames } from './accounts.ts';

// The chart of accounts (docs/domain/accounts.md): Jamiya's own accounts, whose names and kinds
// are fixed, and the income, expense and other accounts the association names in English and
// Arabic. An account with postings is retired, never deleted.

/** Jamiya's own accounts: named by the app in every language, never renamed or retired. */
export const BUILT_IN = [
  'cash',
  'cash_box',
  'interest_income',
  'fines_income',
  'loan_losses',
  'opening_equity',
  'members_surplus',
] as const;

/** Kept by the records of their own (installments, fines, write-offs, imports): not by hand. */
const KEPT_BY_RECORDS = new Set([
  'interest_income',
  'fines_income',
  'loan_losses',
  'opening_equity',
  'members_surplus',
]);

const isBuiltIn = (code: string) => (BUILT_IN as readonly string[]).includes(code);

/** Whether a bank line may be booked to the account (cash is the bank line's own side). */
export const isBookable = (code: string) => code !== 'cash' && !KEPT_BY_RECORDS.has(code);

/** Whether an entry by hand may post to the account (cash and the cash box too). */
export const isHandPostable = (code: string) => !KEPT_BY_RECORDS.has(code);

export interface ChartRow {
  code: string;
  kind: AccountKind;
  nameEn: string;
  nameAr: string;
  builtIn: boolean;
  retired: boolean;
  postings: number;
  balanceFils: Fils;
}

const chartOnly = and(isNull(ledgerAccounts.userId), isNull(ledgerAccounts.loanId));

/** Every account of the chart (not members' savings and fines, nor loans), by kind then code. */
export async function chartAccounts(db: DbOrTx, codes?: readonly string[]): Promise<ChartRow[]> {
  if (codes?.length === 0) return [];
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      kind: ledgerAccounts.type,
      nameEn: ledgerAccounts.name,
      nameAr: ledgerAccounts.nameAr,
      retiredAt: ledgerAccounts.retiredAt,
      postings: sql<string>`count(${postings.id})`,
      balance: sql<string>`coalesce(sum(${postings.amountFils}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(postings, eq(postings.accountId, ledgerAccounts.id))
    .where(codes ? and(chartOnly, inArray(ledgerAccounts.code, [...codes])) : chartOnly)
    .groupBy(ledgerAccounts.id)
    .orderBy(ledgerAccounts.code);
  return rows.map((r) => ({
    code: r.code,
    kind: r.kind,
    nameEn: r.nameEn,
    nameAr: r.nameAr ?? r.nameEn,
    builtIn: isBuiltIn(r.code),
    retired: r.retiredAt !== null,
    postings: Number(r.postings),
    balanceFils: Number(r.balance),
  }));
}

/** One account of the chart, or 404. */
export async function chartAccount(db: DbOrTx, code: string): Promise<ChartRow> {
  const [row] = await chartAccounts(db, [code]);
  if (!row) throw notFound(/*i18n*/ 'There is no such account.');
  return row;
}

/** What names the accounts among `codes`: their members, the chart's names, the loans' charge. */
export async function accountNames(db: DbOrTx, codes: readonly string[]): Promise<AccountNames> {
  const unique = [...new Set(codes)];
  const named = unique.filter((c) => !c.includes(':') && !isBuiltIn(c));
  const [members, chart, { loanCharge }] = await Promise.all([
    memberRefsById(db, accountOwners(unique)),
    named.length
      ? db
          .select({ code: ledgerAccounts.code, en: ledgerAccounts.name, ar: ledgerAccounts.nameAr })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.code, named))
      : Promise.resolve([]),
    getSettings(db),
  ]);
  return {
    charge: loanCharge,
    members,
    chart: new Map(chart.map((r) => [r.code, { en: r.en, ar: r.ar }])),
  };
}

/** A code from an English name: "AGM hall hire" -> "agm_hall_hire". */
function codeFrom(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return /^[a-z]/.test(slug) && slug.length >= 2 ? slug : `account_${slug}`.slice(0, 40);
}

// The classes the month totals sum many accounts under (month-totals.ts) are never a chart's code.
const RESERVED = /^(savings|loans?|fines)(_|$)/;

type Admin = Actor & { id: number };

export function createAccount(
  outer: Db,
  body: CreateAccountBody & { code?: string | undefined },
  actor: Admin,
  now: Date,
): Promise<ChartRow> {
  return outer.transaction(async (db) => {
    const code = body.code ?? codeFrom(body.name_en);
    if (isBuiltIn(code) || RESERVED.test(code))
      throw conflict(sentence(/*i18n*/ 'The code {code} is taken: choose another.', { code }), {
        code: [/*i18n*/ 'Choose another code.'],
      });
    try {
      await db.insert(ledgerAccounts).values({
        code,
        type: body.kind as AccountKind,
        name: body.name_en,
        nameAr: body.name_ar,
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict(sentence(/*i18n*/ 'The code {code} is taken: choose another.', { code }), {
          code: [/*i18n*/ 'Choose another code.'],
        });
      throw err;
    }
    await audit(db, {
      actorId: actor.id,
      action: 'account.create',
      targetType: 'account',
      targetId: code,
      details: { kind: body.kind, name: body.name_en, nameAr: body.name_ar },
      ip: actor.ip ?? null,
      at: now,
    });
    return chartAccount(db, code);
  });
}

export function updateAccount(
  outer: Db,
  code: string,
  body: {
    name_en?: string | undefined;
    name_ar?: string | undefined;
    retired?: boolean | undefined;
  },
  actor: Admin,
  now: Date,
): Promise<ChartRow> {
  return outer.transaction(async (db) => {
    const account = await chartAccount(db, code);
    if (account.builtIn)
      throw conflict(/*i18n*/ "This is one of Jamiya's own accounts: its name and use are fixed.");
    await db
      .update(ledgerAccounts)
      .set({
        ...(body.name_en === undefined ? {} : { name: body.name_en }),
        ...(body.name_ar === undefined ? {} : { nameAr: body.name_ar }),
        ...(body.retired === undefined ? {} : { retiredAt: body.retired ? now : null }),
      })
      .where(eq(ledgerAccounts.code, code));
    await audit(db, {
      actorId: actor.id,
      action: body.retired === true ? 'account.retire' : 'account.update',
      targetType: 'account',
      targetId: code,
      details: body as UpdateAccountBody,
      ip: actor.ip ?? null,
      at: now,
    });
    return chartAccount(db, code);
  });
}

export function deleteAccount(outer: Db, code: string, actor: Admin, now: Date) {
  return outer.transaction(async (db) => {
    const account = await chartAccount(db, code);
    if (account.builtIn)
      throw conflict(/*i18n*/ "This is one of Jamiya's own accounts: its name and use are fixed.");
    if (account.postings > 0)
      throw conflict(
        /*i18n*/ 'This account has postings: the books keep them, so it cannot be deleted. Retire it instead.',
      );
    await db.delete(ledgerAccounts).where(eq(ledgerAccounts.code, code));
    await audit(db, {
      actorId: actor.id,
      action: 'account.delete',
      targetType: 'account',
      targetId: code,
      ip: actor.ip ?? null,
      at: now,
    });
  });
}
