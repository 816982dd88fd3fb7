// Issue 6, point 8: every hot query can use an index. With sequential scans priced out
// (enable_seqscan = off) the planner still picks a Seq Scan when no index fits, and a full
// scan of some other index when no index has the query's column first: so each plan is
// checked for no Seq Scan on the big tables and for the index that should serve it, used
// with an Index Cond. The queries are the ones the app sends (sessions.ts, features/payments,
// features/ledger, features/loans, the my-payments and admin payments routes), with literals.
import { Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { sessionByTokenQuery, sessionParams } from '../src/features/sessions/sessions.ts';
import { accountDataQuery } from '../src/features/members/account-data.ts';
import { freshDatabase, type TestDatabase } from './harness.ts';

const BIG_TABLES = [
  'sessions',
  'users',
  'payments',
  'postings',
  'journal_entries',
  'ledger_accounts',
  'loans',
  'loan_installments',
  'audit_log',
];

const HOT_QUERIES: Array<{ name: string; query: string | (() => string); indexes: RegExp[] }> = [
  {
    name: 'account data with its session, one statement (GET /api/my-account-data)',
    // The statement the route sends, built by the app's own code.
    query: () =>
      withValues(accountDataQuery(db).toSQL(), {
        ...PARAMS,
        today: '2026-11-22',
        knownVersion: -1,
      }),
    indexes: [
      /sessions_token_hash_unique/,
      /users_pkey/,
      /ledger_accounts_code_unique/,
      /postings_account_idx/,
      /payments_user_idx|payments_one_pending_per_period/,
      /loans_user_idx|loans_one_open_per_member/,
      /loan_installments_loan_number/,
    ],
  },
  {
    name: 'session lookup by token hash, with its user (every signed-in request)',
    query: () => withValues(sessionByTokenQuery(db).toSQL(), PARAMS),
    indexes: [/sessions_token_hash_unique/, /users_pkey/],
  },
  {
    name: 'member by id (profile, account data)',
    query: `select * from users where id = 42`,
    indexes: [/users_pkey/],
  },
  {
    name: 'savings sum by account code',
    query: `select sum(p.amount_fils) from postings p
            join ledger_accounts a on a.id = p.account_id where a.code = 'savings:42'`,
    indexes: [/ledger_accounts_code_unique/, /postings_account_idx/],
  },
  {
    name: 'dues rows by member',
    query: `select * from payments where user_id = 42 and kind = 'dues' order by created_at desc`,
    indexes: [/payments_user_idx|payments_one_pending_per_period/],
  },
  {
    name: 'active loan by member',
    query: `select id from loans where user_id = 42 and state = 'active'`,
    indexes: [/loans_user_idx|loans_one_open_per_member/],
  },
  {
    name: 'installments of a loan',
    query: `select * from loan_installments where loan_id = 7 order by number`,
    indexes: [/loan_installments_loan_number/],
  },
  {
    name: 'installments due on the active loan of a member',
    query: `select sum(i.amount_fils - i.paid_principal_fils - i.paid_interest_fils)
            from loan_installments i join loans l on l.id = i.loan_id
            where l.user_id = 42 and l.state = 'active' and i.due_on <= '2026-11-22'`,
    indexes: [/loans_user_idx|loans_one_open_per_member/, /loan_installments_loan_number/],
  },
  {
    name: 'my payments, newest first',
    query: `select * from payments where user_id = 42 order by id desc limit 21`,
    indexes: [/payments_user_idx/],
  },
  {
    name: 'admin payments by status, newest first',
    query: `select * from payments where status = 'pending' order by id desc limit 21`,
    indexes: [/payments_status_idx/],
  },
  {
    name: 'the audit log filtered by the start of an action, newest first (features/audit)',
    query: `select * from audit_log where action like 'loan.write\\_off%' order by id desc limit 51`,
    indexes: [/audit_log_action_idx/],
  },
  {
    name: 'the movements of cash no bank line holds (features/ledger/cash.ts, the reconciliation)',
    query: `select o.entry_id from cash_not_in_bank o
            where o.occurred_at >= '2026-09-01' and o.occurred_at < '2026-11-29'`,
    indexes: [/cash_not_in_bank_occurred_idx/],
  },
];

const PARAMS = sessionParams('a'.repeat(43), new Date('2026-11-22T10:00:00Z'))!;

/** A prepared statement's SQL with its placeholders and parameters written in as literals. */
function withValues(
  query: { sql: string; params: unknown[] },
  values: Record<string, string | number>,
): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const param = query.params[Number(n) - 1];
    const value =
      param instanceof Placeholder ? values[param.name as string] : (param as string | number);
    if (value === undefined) throw new Error(`no value for $${n}`);
    return typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
  });
}

let t: TestDatabase;
let db: Db;

beforeAll(async () => {
  t = await freshDatabase();
  db = t.database.db;
});
afterAll(async () => {
  await t?.destroy();
});

async function plan(query: string | (() => string)): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const text = typeof query === 'string' ? query : query();
    const res = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as {
      rows: Array<Record<string, string>>;
    };
    return res.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('query plans of the hot paths', () => {
  for (const q of HOT_QUERIES) {
    it(q.name, async () => {
      const text = await plan(q.query);
      for (const table of BIG_TABLES) {
        expect(text, `${q.name}: sequential scan of ${table}\n${text}`).not.toMatch(
          new RegExp(`Seq Scan on ${table}\\b`),
        );
      }
      for (const index of q.indexes) {
        const line = text.split('\n').find((l) => index.test(l) && /Index/.test(l));
        expect(line, `${q.name}: ${index} not used\n${text}`).toBeDefined();
      }
      // Every index scan narrows by a condition; a full scan of an index with a Filter
      // would be a sequential scan in disguise.
      const lines = text.split('\n');
      lines.forEach((l, i) => {
        if (!/Index (Only )?Scan/.test(l)) return;
        const detail = [];
        for (let j = i + 1; j < lines.length && !lines[j]!.includes('->'); j++)
          detail.push(lines[j]!);
        expect(
          detail.some((d) => /Index Cond/.test(d)),
          `${q.name}: an index scanned without a condition\n${text}`,
        ).toBe(true);
      });
    });
  }
});
