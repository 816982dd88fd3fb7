// One member as the treasurer reads them: the page with balances, loans, submissions and the
// statement, and the statement as CSV.
import { filsToAed } from '@jamiya/money/fils';
import type { Language } from '@jamiya/contracts/languages';
import type { Db } from '../../db/client.ts';
import { accountSummary, paymentsOfMember, toAdminPayments } from '../payments/public.ts';
import { memberStatement, toStatementLine, statementCsv } from '../statement/public.ts';
import { loansOfMember, toAdminLoanView } from '../loans/public.ts';
import { toMemberRef } from '../users/public.ts';
import { getSettings } from '../settings/public.ts';
import { loadUser, toAdminMember } from './admin-members.ts';

/** GET /api/admin/members/:id: the 50 newest submissions, every loan, the statement. */
export async function adminMemberPage(db: Db, memberId: number, language: Language) {
  const { loanCharge } = await getSettings(db);
  const user = await loadUser(db, memberId);
  const now = new Date();
  const summary = await accountSummary(db, user.id, now);
  const memberRef = toMemberRef(user);
  const loanRows = await loansOfMember(db, user.id);
  const paymentRows = await paymentsOfMember(db, user.id, 50);
  return {
    member: toAdminMember(user, {
      savingsFils: summary.savingsFils,
      loanFils: summary.loanBalanceFils,
    }),
    due_balance: filsToAed(summary.dueBalanceFils),
    unpaid_months: summary.rows.filter((r) => r.status === 'due' || r.status === 'pay_now').length,
    loans: await Promise.all(loanRows.map((l) => toAdminLoanView(db, l, memberRef, now))),
    payments: await toAdminPayments(db, paymentRows),
    statement: (await memberStatement(db, user.id)).map((row) =>
      toStatementLine(row, language, loanCharge),
    ),
  };
}

/** GET /api/admin/members/:id/statement.csv: the member, and their statement as CSV. */
export async function memberStatementCsv(db: Db, memberId: number) {
  const user = await loadUser(db, memberId);
  const lines = await memberStatement(db, user.id);
  const csv = statementCsv(lines, { charge: (await getSettings(db)).loanCharge });
  return { user, csv };
}
