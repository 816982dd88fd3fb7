// npm run seed:scale -- --members 10000 [--months 24] [--database-url URL | --data-dir DIR]
//
// A large association for the benchmarks (docs/performance.md): N members who joined
// `months` months ago and paid every due since (one in eight is 1–4 months behind), about
// 15 % with an active loan (one in ten 1–4 months behind) and 10 % with a loan repaid in full.
// A loan is within the savings multiple, and its part above the borrower's savings is covered
// by one or two members without a loan (about one loan in three has guarantors; some asks were
// declined or left unanswered). One CSV bank statement of the last two to three months holds
// every movement of cash, most lines matched to their payment and entry, with the bank's charges
// and a few transfers of pending receipts as a known difference. The audit trail has each
// receipt sent and approved, each application and move of a loan, each guarantor's answer, the
// statement's import and its matches. Written in bulk (multi-row inserts in transactions), not
// through the services, but to the same rules: every journal entry balances, accounts are named
// as features/ledger/accounts.ts names them, installments cache what the repayment postings
// say. Not written: receipt files and notifications (the notices the services send).
//
// The rows are made in seed-scale/ (member-rows.ts, loan-rows.ts, guarantee-rows.ts) and
// written in batches (batch.ts) of plain SQL (sql.ts); then the statement (bank-rows.ts) and the
// audit trail (audit-rows.ts) from what was written.
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { addMonthsToDate, localDate, periodOf } from '../apps/server/src/lib/calendar.ts';
import { rebuildMonthTotals } from '../apps/server/src/features/ledger/month-totals.ts';
import { rebuildCashNotInBank } from '../apps/server/src/features/ledger/cash.ts';
import { trialBalance, unbalancedEntries } from '../apps/server/src/features/ledger/balances.ts';
import { ledgerConsistencyProblems } from '../apps/server/test/support/consistency.ts';
import { createUser } from '../apps/server/src/features/users/create-user.ts';
import { hashPassword } from '../apps/server/src/features/auth/passwords.ts';
import { getSettings } from '../apps/server/src/features/settings/settings.ts';
import { emptyBatch, writeBatch, type Association } from './seed-scale/batch.ts';
import { addMember } from './seed-scale/member-rows.ts';
import { seededRandom } from './seed-scale/random.ts';
import { plainSql } from './seed-scale/sql.ts';
import { SCALE_ADMIN_EMAIL, SCALE_PASSWORD } from './seed-scale/sign-ins.ts';
import { writeBankStatement } from './seed-scale/bank-rows.ts';
import { writeAuditRows } from './seed-scale/audit-rows.ts';
import { seedProblems } from './seed-scale/checks.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    months: { type: 'string', default: '24' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    batch: { type: 'string', default: '500' },
    check: { type: 'boolean', default: false },
  },
});

async function main() {
  const members = Number(args.members);
  const months = Number(args.months);
  const batch = Number(args.batch);
  if (!Number.isInteger(members) || members < 1) throw new Error('--members must be a count');
  if (!Number.isInteger(months) || months < 1 || months > 120)
    throw new Error('--months must be 1..120');

  const env = { ...process.env };
  if (args['database-url']) env.DATABASE_URL = args['database-url'];
  if (args['data-dir']) {
    env.DATA_DIR = args['data-dir'];
    delete env.DATABASE_URL;
  }
  const config = loadConfig(env);
  const started = Date.now();
  const database = await openDatabase(config);
  const { db } = database;
  const { query, transaction } = plainSql(database);

  try {
    const [{ n } = { n: 0 }] = (await query('select count(*)::int as n from users')) as Array<{
      n: number;
    }>;
    if (n > 0) throw new Error(`the database already has ${n} users; use an empty one`);

    const now = new Date();
    const today = localDate(now);
    const firstOfMonth = `${periodOf(today)}-01`;
    const joinedOn = addMonthsToDate(firstOfMonth, -months);
    const s = await getSettings(db);
    const admin = await createUser(db, {
      name: 'Scale Treasurer',
      email: SCALE_ADMIN_EMAIL,
      password: SCALE_PASSWORD,
      role: 'admin',
      joinedOn,
    });
    const passwordHash = await hashPassword(SCALE_PASSWORD);

    // Shared accounts first; ids are given explicitly below and the sequences set at the end.
    await query(
      `insert into ledger_accounts (code, type, name) values
       ('cash', 'asset', 'Cash and bank'), ('interest_income', 'income', 'Interest income')
       on conflict (code) do nothing`,
    );
    const shared = await query(
      `select code, id from ledger_accounts where code in ('cash', 'interest_income')`,
    );
    const cashId = Number(shared.find((r) => r.code === 'cash')!.id);
    const incomeId = Number(shared.find((r) => r.code === 'interest_income')!.id);
    const next = async (table: string) =>
      Number(
        ((await query(`select coalesce(max(id), 0) + 1 as id from ${table}`))[0] as { id: string })
          .id,
      );
    const id = {
      user: await next('users'),
      account: await next('ledger_accounts'),
      payment: await next('payments'),
      entry: await next('journal_entries'),
      posting: await next('postings'),
      loan: await next('loans'),
      guarantee: await next('loan_guarantees'),
      installment: await next('loan_installments'),
      transition: await next('loan_transitions'),
    };

    const periods: string[] = [];
    for (let m = -months; m <= -1; m++) periods.push(addMonthsToDate(firstOfMonth, m));
    const association: Association = {
      settings: s,
      admin,
      cashId,
      incomeId,
      joinedOn,
      months,
      periods,
      today,
      passwordHash,
      random: seededRandom(members * 31 + months),
      id,
      savers: [],
    };
    let loansActive = 0;
    let loansClosed = 0;

    for (let start = 0; start < members; start += batch) {
      const count = Math.min(batch, members - start);
      const rows = emptyBatch();
      for (let k = 0; k < count; k++) {
        const loan = addMember(rows, association, start + k + 1);
        if (loan === 'active') loansActive++;
        else if (loan === 'closed') loansClosed++;
      }
      await transaction((q) => writeBatch(q, rows));
      process.stdout.write(`\r  ${start + count} / ${members} members`);
    }
    process.stdout.write('\n');

    for (const table of [
      'users',
      'ledger_accounts',
      'payments',
      'journal_entries',
      'postings',
      'loans',
      'loan_guarantees',
      'loan_installments',
      'loan_transitions',
    ]) {
      await query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    // The postings were written in bulk, not through postEntry: their month totals at once.
    await rebuildMonthTotals(db);
    await rebuildCashNotInBank(db);
    // Without fresh statistics the planner guesses from empty tables (autovacuum comes later):
    // the statement's reading of the books' cash took minutes.
    await query('analyze');
    // From the books as written (the statement reads their cash): then the trail of it all.
    const bank = await writeBankStatement(db, query, transaction, association, now);
    for (const table of ['bank_statements', 'bank_lines', 'bank_csv_mappings'])
      await query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    const auditRows = await writeAuditRows(query);
    await query(
      'analyze audit_log, bank_lines, bank_line_keys, bank_statements, bank_statement_lines',
    );
    const seeded = Date.now();

    const tb = await trialBalance(db);
    const unbalanced = await unbalancedEntries(db);
    const counts = await query(
      `select (select count(*) from users)::int as users, (select count(*) from payments)::int as payments,
              (select count(*) from journal_entries)::int as entries, (select count(*) from postings)::int as postings,
              (select count(*) from loans)::int as loans, (select count(*) from loan_installments)::int as installments,
              (select count(*) from loan_guarantees)::int as guarantees`,
    );
    const guaranteed = await query(
      `select state, count(*)::int as n from loan_guarantees group by state order by state`,
    );
    console.log(`  rows: ${JSON.stringify({ ...counts[0], audit: auditRows })}`);
    console.log(
      `  loans: ${loansActive} active, ${loansClosed} repaid; guarantees ` +
        guaranteed.map((r) => `${String(r.n)} ${String(r.state)}`).join(', '),
    );
    console.log(
      `  bank statement: ${bank.lines} lines, ${bank.linked} matched; the bank has ` +
        `${bank.differenceFils} fils the books do not (its charges, receipts under review)`,
    );
    console.log(
      `  trial balance: debits ${tb.totalDebitsFils} fils, credits ${tb.totalCreditsFils} fils, ` +
        `difference ${tb.totalDebitsFils - tb.totalCreditsFils} (${tb.balanced ? 'balanced' : 'NOT BALANCED'}); ` +
        `unbalanced entries: ${unbalanced.length}`,
    );
    if (args.check) {
      const problems = [
        ...(await ledgerConsistencyProblems(db)),
        ...(await seedProblems(db, query, today, bank)),
      ];
      console.log(
        `  ledger consistency: ${problems.length ? problems.slice(0, 5).join('; ') : 'ok'}`,
      );
      if (problems.length) process.exitCode = 1;
    }
    console.log(
      `  ${members} members x ${months} months on ${database.kind} in ${((seeded - started) / 1000).toFixed(1)} s; ` +
        `sign in as ${SCALE_ADMIN_EMAIL} or member1@scale.example, password ${SCALE_PASSWORD}`,
    );
    if (!tb.balanced || unbalanced.length) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
