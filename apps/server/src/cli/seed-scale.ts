// npm run seed:scale -- --members 10000 [--months 24] [--database-url URL | --data-dir DIR]
//
// A large association for the benchmarks (docs/performance.md): N members who joined
// `months` months ago and paid every due since, about 15 % with an active loan and 10 % with
// a loan repaid in full. Written in bulk (multi-row inserts in transactions), not through the
// services, but to the same rules: every journal entry balances, accounts are named as
// features/ledger/ledger.ts names them, installments cache what the repayment postings say.
// Not written: receipt files, audit rows and notifications (they are not read by the hot
// paths that the benchmark measures).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loanSchedule } from '@jamiya/money/loan';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { addMonthsToDate, localDate, periodLabel, periodOf } from '../lib/calendar.ts';
import {
  monthTotalsOfPostings,
  trialBalance,
  unbalancedEntries,
} from '../features/ledger/ledger.ts';
import { ledgerConsistencyProblems } from '../features/loans/consistency.ts';
import { createUser, uniqueIdFor } from '../features/members/create-user.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { getSettings } from '../features/settings/settings.ts';

export const SCALE_PASSWORD = 'jamiya-scale';
export const SCALE_ADMIN_EMAIL = 'admin@scale.example';

type Row = Array<string | number | boolean | null>;
type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

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

function lit(v: string | number | boolean | null): string {
  if (v === null) return 'null';
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return `'${v.replaceAll("'", "''")}'`;
}

/** Multi-row INSERTs of at most 1,000 rows each. */
async function insertRows(q: Query, table: string, columns: string[], rows: Row[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    if (!chunk.length) break;
    await q(
      `insert into ${table} (${columns.join(', ')}) values ` +
        chunk.map((r) => `(${r.map(lit).join(', ')})`).join(',\n'),
    );
  }
}

/** Noon in Dubai on a date. */
const at = (date: string) => new Date(`${date}T12:00:00+04:00`).toISOString();
const DAY = 86_400_000;
const plusDays = (iso: string, days: number) =>
  new Date(new Date(iso).getTime() + days * DAY).toISOString();

// A small deterministic generator, so two runs with the same flags make the same data.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
  // The driver itself (pg.Pool or PGlite) for plain multi-row SQL.
  const client = (db as unknown as { $client: unknown }).$client;
  const query: Query = async (text) => {
    const res = await (
      client as { query(t: string): Promise<{ rows: Array<Record<string, unknown>> }> }
    ).query(text);
    return res.rows;
  };
  async function transaction(fn: (q: Query) => Promise<void>) {
    if (database.kind === 'postgres') {
      const pool = client as {
        connect(): Promise<{
          query(t: string): Promise<{ rows: Array<Record<string, unknown>> }>;
          release(): void;
        }>;
      };
      const c = await pool.connect();
      try {
        await c.query('begin');
        await fn(async (t) => (await c.query(t)).rows);
        await c.query('commit');
      } catch (err) {
        await c.query('rollback');
        throw err;
      } finally {
        c.release();
      }
    } else {
      const pglite = client as {
        transaction(
          f: (tx: {
            query(t: string): Promise<{ rows: Array<Record<string, unknown>> }>;
          }) => Promise<void>,
        ): Promise<void>;
      };
      await pglite.transaction((tx) => fn(async (t) => (await tx.query(t)).rows));
    }
  }

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
    const due = s.monthlyDueFils;
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
      installment: await next('loan_installments'),
      transition: await next('loan_transitions'),
    };

    const random = rng(members * 31 + months);
    const periods: string[] = [];
    for (let m = -months; m <= -1; m++) periods.push(addMonthsToDate(firstOfMonth, m));
    let loansActive = 0;
    let loansClosed = 0;

    for (let start = 0; start < members; start += batch) {
      const count = Math.min(batch, members - start);
      const users: Row[] = [];
      const accounts: Row[] = [];
      const payments: Row[] = [];
      const entries: Row[] = [];
      const postings: Row[] = [];
      const loans: Row[] = [];
      const installments: Row[] = [];
      const transitions: Row[] = [];

      for (let k = 0; k < count; k++) {
        const n = start + k + 1;
        const userId = id.user++;
        users.push([
          userId,
          uniqueIdFor(userId),
          'member',
          1,
          `Member ${n}`,
          `member${n}@scale.example`,
          `+971 50 ${String(1_000_000 + n).slice(-7)}`,
          passwordHash,
          joinedOn,
          at(joinedOn),
          at(joinedOn),
        ]);
        const savingsId = id.account++;
        accounts.push([
          savingsId,
          `savings:${userId}`,
          'liability',
          `Savings of member ${userId}`,
          userId,
          null,
        ]);

        for (const month of periods) {
          const submitted = at(`${month.slice(0, 8)}05`);
          const reviewed = plusDays(submitted, 1);
          const paymentId = id.payment++;
          payments.push([
            paymentId,
            userId,
            'dues',
            periodOf(month),
            null,
            due,
            due,
            'AE07 0331 2345 6789 0123 456',
            'approved',
            admin.id,
            reviewed,
            submitted,
          ]);
          const entryId = id.entry++;
          entries.push([
            entryId,
            'dues',
            `Monthly due ${periodLabel(periodOf(month))}`,
            reviewed,
            reviewed,
            admin.id,
            paymentId,
            null,
          ]);
          postings.push([id.posting++, entryId, cashId, due]);
          postings.push([id.posting++, entryId, savingsId, -due]);
        }
        // This month: one in ten has a receipt under review (the admin's pending list).
        if (random() < 0.1) {
          const submitted = at(today);
          payments.push([
            id.payment++,
            userId,
            'dues',
            periodOf(today),
            null,
            due,
            null,
            'AE07 0331 2345 6789 0123 456',
            'pending',
            null,
            null,
            submitted,
          ]);
        }

        const dice = random();
        const loanKind = dice < 0.15 ? 'active' : dice < 0.25 ? 'closed' : null;
        if (!loanKind) continue;
        const steps = (s.loanMaxFils - s.loanMinFils) / s.loanStepFils;
        const amountFils = s.loanMinFils + Math.floor(random() * (steps + 1)) * s.loanStepFils;
        const termMonths = [3, 6, 12][Math.floor(random() * 3)]!;
        const schedule = loanSchedule({
          amountFils,
          termMonths,
          interestPermille: s.interestPermille,
        });
        const totalFils = schedule.reduce((t, i) => t + i.amountFils, 0);
        // An active loan is part way through; a closed one ended before this month.
        const ago =
          loanKind === 'active'
            ? 1 + Math.floor(random() * (termMonths - 1))
            : termMonths + 1 + Math.floor(random() * Math.max(1, months - termMonths - 1));
        const disbursedOn = addMonthsToDate(today, -ago);
        const disbursedAt = at(disbursedOn);
        const loanId = id.loan++;
        const state = loanKind;
        loans.push([
          loanId,
          userId,
          'personal',
          amountFils,
          termMonths,
          s.interestPermille,
          totalFils,
          schedule[0]!.amountFils,
          false,
          'AE07 0331 2345 6789 0123 456',
          `N${1_000_000 + n}`,
          state,
          disbursedOn,
          plusDays(disbursedAt, -4),
          disbursedAt,
        ]);
        transitions.push([
          id.transition++,
          loanId,
          null,
          'pending',
          userId,
          null,
          plusDays(disbursedAt, -4),
        ]);
        transitions.push([
          id.transition++,
          loanId,
          'pending',
          'approved',
          admin.id,
          null,
          plusDays(disbursedAt, -2),
        ]);
        transitions.push([
          id.transition++,
          loanId,
          'approved',
          'active',
          admin.id,
          null,
          disbursedAt,
        ]);
        const loanAccountId = id.account++;
        accounts.push([
          loanAccountId,
          `loan:${loanId}`,
          'asset',
          `Loan ${loanId} receivable`,
          userId,
          loanId,
        ]);
        const disbursement = id.entry++;
        entries.push([
          disbursement,
          'disbursement',
          `Loan ${loanId} paid out`,
          disbursedAt,
          disbursedAt,
          admin.id,
          null,
          loanId,
        ]);
        postings.push([id.posting++, disbursement, loanAccountId, amountFils]);
        postings.push([id.posting++, disbursement, cashId, -amountFils]);
        // One active loan in ten has its latest installment overdue.
        const overdue = loanKind === 'active' && random() < 0.1;
        let lastPaidAt = disbursedAt;
        for (const inst of schedule) {
          const dueOn = addMonthsToDate(disbursedOn, inst.number);
          const isPaid = dueOn <= today && !(overdue && addMonthsToDate(dueOn, 1) > today);
          const paidAt = isPaid ? at(dueOn) : null;
          installments.push([
            id.installment++,
            loanId,
            inst.number,
            dueOn,
            inst.amountFils,
            inst.principalFils,
            inst.interestFils,
            isPaid ? inst.principalFils : 0,
            isPaid ? inst.interestFils : 0,
            paidAt,
          ]);
          if (!isPaid) continue;
          lastPaidAt = paidAt!;
          const paymentId = id.payment++;
          payments.push([
            paymentId,
            userId,
            'loan_repayment',
            null,
            loanId,
            inst.amountFils,
            inst.amountFils,
            null,
            'approved',
            admin.id,
            paidAt,
            paidAt,
          ]);
          const entryId = id.entry++;
          entries.push([
            entryId,
            'repayment',
            `Repayment of loan ${loanId}`,
            paidAt,
            paidAt,
            admin.id,
            paymentId,
            loanId,
          ]);
          postings.push([id.posting++, entryId, cashId, inst.amountFils]);
          postings.push([id.posting++, entryId, loanAccountId, -inst.principalFils]);
          if (inst.interestFils)
            postings.push([id.posting++, entryId, incomeId, -inst.interestFils]);
        }
        if (loanKind === 'closed') {
          transitions.push([
            id.transition++,
            loanId,
            'active',
            'closed',
            null,
            'Repaid in full',
            lastPaidAt,
          ]);
          loansClosed++;
        } else loansActive++;
      }

      await transaction(async (q) => {
        await insertRows(
          q,
          'users',
          [
            'id',
            'unique_id',
            'role',
            'status',
            'name',
            'email',
            'mobile',
            'password_hash',
            'joined_on',
            'created_at',
            'updated_at',
          ],
          users,
        );
        await insertRows(
          q,
          'loans',
          [
            'id',
            'user_id',
            'loan_type',
            'amount_fils',
            'term_months',
            'interest_permille',
            'total_fils',
            'per_month_fils',
            'include_insurance',
            'bank_account',
            'passport_or_nid',
            'state',
            'disbursed_on',
            'created_at',
            'updated_at',
          ],
          loans,
        );
        await insertRows(
          q,
          'ledger_accounts',
          ['id', 'code', 'type', 'name', 'user_id', 'loan_id'],
          accounts,
        );
        await insertRows(
          q,
          'loan_installments',
          [
            'id',
            'loan_id',
            'number',
            'due_on',
            'amount_fils',
            'principal_fils',
            'interest_fils',
            'paid_principal_fils',
            'paid_interest_fils',
            'paid_at',
          ],
          installments,
        );
        await insertRows(
          q,
          'loan_transitions',
          ['id', 'loan_id', 'from_state', 'to_state', 'actor_id', 'reason', 'at'],
          transitions,
        );
        await insertRows(
          q,
          'payments',
          [
            'id',
            'user_id',
            'kind',
            'period',
            'loan_id',
            'amount_fils',
            'approved_amount_fils',
            'account_number',
            'status',
            'reviewed_by',
            'reviewed_at',
            'created_at',
          ],
          payments,
        );
        await insertRows(
          q,
          'journal_entries',
          [
            'id',
            'kind',
            'memo',
            'occurred_at',
            'created_at',
            'created_by',
            'payment_id',
            'loan_id',
          ],
          entries,
        );
        await insertRows(q, 'postings', ['id', 'entry_id', 'account_id', 'amount_fils'], postings);
      });
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
      'loan_installments',
      'loan_transitions',
    ]) {
      await query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    // The postings were written in bulk, not through postEntry: their month totals at once.
    await db.execute(
      sql`insert into ledger_month_totals (month, account_class, total_fils)
        select month, account_class, total_fils from (${monthTotalsOfPostings()}) t`,
    );
    // PGlite has no autovacuum: without fresh statistics the planner guesses from empty tables.
    await query('analyze');
    const seeded = Date.now();

    const tb = await trialBalance(db);
    const unbalanced = await unbalancedEntries(db);
    const counts = await query(
      `select (select count(*) from users)::int as users, (select count(*) from payments)::int as payments,
              (select count(*) from journal_entries)::int as entries, (select count(*) from postings)::int as postings,
              (select count(*) from loans)::int as loans, (select count(*) from loan_installments)::int as installments`,
    );
    console.log(`  rows: ${JSON.stringify(counts[0])}`);
    console.log(`  loans: ${loansActive} active, ${loansClosed} repaid`);
    console.log(
      `  trial balance: debits ${tb.totalDebitsFils} fils, credits ${tb.totalCreditsFils} fils, ` +
        `difference ${tb.totalDebitsFils - tb.totalCreditsFils} (${tb.balanced ? 'balanced' : 'NOT BALANCED'}); ` +
        `unbalanced entries: ${unbalanced.length}`,
    );
    if (args.check) {
      const problems = await ledgerConsistencyProblems(db);
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
