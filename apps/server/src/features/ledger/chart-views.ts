import { filsToAed } from '@jamiya/money/fils';
import type { ChartAccount } from '@jamiya/contracts/accounts';
import type { Language } from '@jamiya/contracts/languages';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { accountNameIn } from './accounts.ts';
import {
  accountNames,
  chartAccounts,
  createAccount,
  isBookable,
  updateAccount,
  type ChartRow,
} from './chart.ts';

// The chart of accounts as chart-routes.ts answers it: each account named in the reader's
// language and in both of the association's, with its use, postings and balance.

type Admin = Actor & { id: number };

async function viewsOf(db: DbOrTx, rows: ChartRow[], language: Language): Promise<ChartAccount[]> {
  const names = await accountNames(
    db,
    rows.map((r) => r.code),
  );
  return rows.map((r) => ({
    code: r.code,
    name: accountNameIn(r.code, language, names),
    name_en: r.builtIn ? accountNameIn(r.code, 'en', names) : r.nameEn,
    name_ar: r.builtIn ? accountNameIn(r.code, 'ar', names) : r.nameAr,
    kind: r.kind,
    built_in: r.builtIn,
    bookable: isBookable(r.code),
    retired: r.retired,
    postings: r.postings,
    balance: filsToAed(r.balanceFils),
  }));
}

/** One account as the chart shows it: the one a change returned, read after its commit. */
async function viewOf(db: DbOrTx, row: ChartRow, language: Language): Promise<ChartAccount> {
  const [account] = await viewsOf(db, [row], language);
  return account!;
}

/** Every account of the chart. */
export async function chartAccountViews(db: DbOrTx, language: Language) {
  return viewsOf(db, await chartAccounts(db), language);
}

/** The account made (in createAccount's transaction), read as the chart shows it. */
export async function createdAccountView(
  db: Db,
  body: Parameters<typeof createAccount>[1],
  actor: Admin,
  now: Date,
  language: Language,
): Promise<ChartAccount> {
  return viewOf(db, await createAccount(db, body, actor, now), language);
}

/** The account saved (in updateAccount's transaction), read as the chart shows it. */
export async function updatedAccountView(
  db: Db,
  code: string,
  body: Parameters<typeof updateAccount>[2],
  actor: Admin,
  now: Date,
  language: Language,
): Promise<ChartAccount> {
  return viewOf(db, await updateAccount(db, code, body, actor, now), language);
}
