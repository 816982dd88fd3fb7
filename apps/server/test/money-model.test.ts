import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import type pg from 'pg';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { tryParseAed, type Fils } from '@jamiya/money/fils';
import { loanFigures } from '@jamiya/money/loan';
import type { Db } from '../src/db/client.ts';
import { ledgerAccounts, postings } from '../src/db/schema/ledger.ts';
import { accountSummary } from '../src/features/dues/dues.ts';
import { loanReceivableFils, memberSavingsFils } from '../src/features/ledger/ledger.ts';
import {
  bearer,
  createTestApp,
  expectBooksBalance,
  login,
  makeUser,
  multipart,
  onPostgres,
  type TestApp,
} from './harness.ts';

// A model of the association's money (PRODUCT.md section 3) driven by random sequences of
// member and treasurer calls through the HTTP API. After every step the books balance and
// every member's savings and loans agree with the model and with the sum of their postings.
// MODEL_RUNS=200 for the long version.

const RUNS = Number(process.env.MODEL_RUNS ?? 5);
const TIME_LIMIT_MS = Math.max(120_000, RUNS * 20_000);
const MEMBERS = 3;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function periodAgo(monthsAgo: number): string {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());
  const index = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 - monthsAgo;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const monthNameOf = (period: string) => MONTHS[Number(period.slice(5, 7)) - 1]!;
/** Fils as the text of an AED amount, in whole numbers only. */
const aed = (f: Fils) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;
const fils = (value: unknown): Fils => {
  const parsed = tryParseAed(value);
  if (parsed === null) throw new Error(`not an amount: ${String(value)}`);
  return parsed;
};

type LoanState =
  'pending' | 'approved' | 'active' | 'closed' | 'rejected' | 'withdrawn' | 'written_off';
interface LoanModel {
  id: number;
  state: LoanState;
  totalFils: Fils;
  paidFils: Fils;
  pendingRepaymentsFils: Fils;
}
interface MemberModel {
  userId: number;
  token: string;
  savingsFils: Fils;
  /** Months with a receipt under review or approved (a new one is refused, 409). */
  livePeriods: Map<string, 'pending' | 'approved'>;
  loans: LoanModel[];
}
interface PaymentModel {
  id: number;
  member: number;
  kind: 'dues' | 'loan_repayment';
  period: string | null;
  loanId: number | null;
  amountFils: Fils;
  status: 'pending' | 'approved' | 'rejected';
}
interface Model {
  members: MemberModel[];
  payments: PaymentModel[];
  /** The last call, to replay with its Idempotency-Key. */
  last: { options: InjectOptions; statusCode: number; body: string } | null;
}
/** A fresh app and database per run, so the whole-book checks stay small. */
interface Real {
  t: TestApp;
  adminToken: string;
}
type Step = fc.AsyncCommand<Model, Real>;

const isOpen = (l: LoanModel) => ['pending', 'approved', 'active'].includes(l.state);
const remainingFils = (l: LoanModel): Fils =>
  l.state === 'active' || l.state === 'written_off'
    ? l.totalFils - l.paidFils
    : l.state === 'pending' || l.state === 'approved'
      ? l.totalFils
      : 0;
const latestLoan = (m: MemberModel) => m.loans.at(-1);
/**
 * Member i, or (when `hit`) the i-th of the members whose latest loan is in `state`: random
 * picks alone would rarely walk a loan through its whole life.
 */
function pickMember(model: Readonly<Model>, i: number, hit: boolean, state: LoanState): number {
  const matching = model.members
    .map((m, index) => ({ m, index }))
    .filter(({ m }) => latestLoan(m)?.state === state);
  return hit && matching.length ? matching[i % matching.length]!.index : i;
}
const loanById = (model: Model, id: number) =>
  model.members.flatMap((m) => m.loans).find((l) => l.id === id)!;

let receipt = Buffer.alloc(0);

/** Sends a call with a fresh Idempotency-Key and checks its status against the model's. */
async function call(
  model: Model,
  real: Real,
  options: InjectOptions,
  expected: number,
): Promise<LightMyRequestResponse> {
  const sent = {
    ...options,
    headers: { ...options.headers, 'idempotency-key': randomUUID() },
  } as InjectOptions;
  const res = await real.t.app.inject(sent);
  if (res.statusCode !== expected) {
    throw new Error(
      `${options.method} ${options.url}: expected ${expected}, got ${res.statusCode} ${res.body}`,
    );
  }
  model.last = { options: sent, statusCode: res.statusCode, body: res.body };
  return res;
}

const sumOfSavingsPostings = async (db: Db, userId: number): Promise<Fils> => {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amountFils}), 0)` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(ledgerAccounts.code, `savings:${userId}`));
  return 0 - Number(row!.total);
};

/** What must hold after every step. */
async function verify(model: Model, real: Real): Promise<void> {
  await expectBooksBalance(real.t.db);
  for (const m of model.members) {
    expect(await sumOfSavingsPostings(real.t.db, m.userId)).toBe(m.savingsFils);
    expect(await memberSavingsFils(real.t.db, m.userId)).toBe(m.savingsFils);
    const account = (
      await real.t.app.inject({ url: '/api/my-account-data', headers: bearer(m.token) })
    ).json().myAccountData;
    expect(fils(account.account_balance)).toBe(m.savingsFils);
    const active = m.loans.find((l) => l.state === 'active');
    expect(fils(account.loan_balance)).toBe(active ? remainingFils(active) : 0);
    // The answer the route keeps between calls is the one worked out afresh.
    const fresh = await accountSummary(real.t.db, m.userId, new Date());
    expect(fils(account.due_balance)).toBe(fresh.dueBalanceFils);
    expect(
      account.monthlyPaymentData.map((r: { period: string; status: string; amount: number }) => [
        r.period,
        r.status,
        fils(r.amount),
      ]),
    ).toEqual(fresh.rows.map((r) => [r.period, r.status, r.amountFils]));
    if (m.loans.length === 0) continue;
    const listed = (
      await real.t.app.inject({ url: '/api/my-loans?limit=100', headers: bearer(m.token) })
    ).json().items as { id: number; state: string; remaining_amount: number }[];
    for (const l of m.loans) {
      const view = listed.find((v) => v.id === l.id);
      expect(view?.state).toBe(l.state);
      expect(fils(view?.remaining_amount)).toBe(remainingFils(l));
      const receivable = await loanReceivableFils(real.t.db, l.id);
      if (l.state === 'active') {
        expect(receivable).toBeGreaterThan(0);
        expect(receivable).toBeLessThanOrEqual(remainingFils(l));
      } else {
        expect(receivable).toBe(0);
      }
    }
  }
}

function step(
  label: string,
  check: (model: Readonly<Model>) => boolean,
  run: (model: Model, real: Real) => Promise<void>,
): Step {
  return {
    check,
    async run(model, real) {
      await run(model, real);
      await verify(model, real);
    },
    toString: () => label,
  };
}

const member = fc.nat({ max: MEMBERS - 1 });
const hit = fc.boolean();
const repayment = fc.oneof(fc.integer({ min: 1, max: 80_000 }), fc.constant('rest' as const));

const submitDues = fc
  .record({
    i: member,
    monthsAgo: fc.nat({ max: 11 }),
    amountFils: fc.constantFrom(20_000, 15_050, 25_000),
  })
  .map(({ i, monthsAgo, amountFils }) =>
    step(
      `submitDues(m${i}, ${periodAgo(monthsAgo)}, ${amountFils})`,
      () => true,
      async (model, real) => {
        const m = model.members[i]!;
        const period = periodAgo(monthsAgo);
        const { payload, headers } = multipart(
          { payment_amount: aed(amountFils), month: monthNameOf(period), account_number: '123' },
          { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } },
        );
        const expected = m.livePeriods.has(period) ? 409 : 200;
        const res = await call(
          model,
          real,
          {
            method: 'POST',
            url: '/api/save-monthly-payment',
            payload,
            headers: { ...headers, ...bearer(m.token) },
          },
          expected,
        );
        if (expected !== 200) return;
        m.livePeriods.set(period, 'pending');
        model.payments.push({
          id: res.json().payment.id,
          member: i,
          kind: 'dues',
          period,
          loanId: null,
          amountFils,
          status: 'pending',
        });
      },
    ),
  );

const submitRepayment = fc
  .record({ i: member, h: hit, amount: repayment })
  .map(({ i, h, amount }) => {
    const room = (l: LoanModel) => remainingFils(l) - l.pendingRepaymentsFils;
    const activeOf = (model: Readonly<Model>) =>
      model.members[pickMember(model, i, h, 'active')]!.loans.find((l) => l.state === 'active');
    return step(
      `submitRepayment(m${i}${h ? '*' : ''}, ${amount})`,
      (model) => {
        const active = activeOf(model);
        return amount !== 'rest' || (active !== undefined && room(active) > 0);
      },
      async (model, real) => {
        const m = model.members[pickMember(model, i, h, 'active')]!;
        const active = activeOf(model);
        const amountFils = amount === 'rest' ? room(active!) : amount;
        const expected = !active ? 409 : amountFils > room(active) ? 422 : 200;
        const res = await call(
          model,
          real,
          {
            method: 'POST',
            url: '/api/save-monthly-payment',
            payload: { payment_amount: aed(amountFils) },
            headers: bearer(m.token),
          },
          expected,
        );
        if (expected !== 200) return;
        active!.pendingRepaymentsFils += amountFils;
        model.payments.push({
          id: res.json().payment.id,
          member: i,
          kind: 'loan_repayment',
          period: null,
          loanId: active!.id,
          amountFils,
          status: 'pending',
        });
      },
    );
  });

const applyForLoan = fc
  .record({ i: member, steps: fc.nat({ max: 10 }), term: fc.constantFrom(1, 3, 6) })
  .map(({ i, steps, term }) => {
    const amountFils = 50_000 + steps * 10_000;
    return step(
      `applyForLoan(m${i}, ${amountFils}, ${term})`,
      () => true,
      async (model, real) => {
        const m = model.members[i]!;
        const expected = m.loans.some(isOpen) ? 409 : 200;
        const res = await call(
          model,
          real,
          {
            method: 'POST',
            url: '/api/loan-application',
            payload: {
              loan_amount: aed(amountFils),
              duration_month: term,
              bank_account: 'Bank 1',
              passport_or_nid: 'P123',
            },
            headers: bearer(m.token),
          },
          expected,
        );
        if (expected !== 200) return;
        const { totalFils } = loanFigures({ amountFils, termMonths: term, interestPermille: 70 });
        expect(fils(res.json().loan.total_amount_with_interest)).toBe(totalFils);
        m.loans.push({
          id: res.json().loan.id,
          state: 'pending',
          totalFils,
          paidFils: 0,
          pendingRepaymentsFils: 0,
        });
      },
    );
  });

const withdraw = member.map((i) =>
  step(
    `withdraw(m${i})`,
    (model) => latestLoan(model.members[i]!) !== undefined,
    async (model, real) => {
      const m = model.members[i]!;
      const loan = latestLoan(m)!;
      const expected = loan.state === 'pending' || loan.state === 'approved' ? 200 : 409;
      await call(
        model,
        real,
        { method: 'POST', url: `/api/my-loans/${loan.id}/withdraw`, headers: bearer(m.token) },
        expected,
      );
      if (expected === 200) loan.state = 'withdrawn';
    },
  ),
);

/** The j-th payment, or (when `hit`) the j-th still pending if there is one. */
function pickPayment(model: Model, j: number, hit: boolean): PaymentModel {
  const pending = model.payments.filter((p) => p.status === 'pending');
  const from = hit && pending.length ? pending : model.payments;
  return from[j % from.length]!;
}

const approvePayment = fc
  .record({ j: fc.nat(), h: hit, corrected: fc.option(fc.integer({ min: 1, max: 40_000 })) })
  .map(({ j, h, corrected }) =>
    step(
      `approvePayment(#${j}${h ? '*' : ''}, ${corrected})`,
      (model) => model.payments.length > 0,
      async (model, real) => {
        const p = pickPayment(model, j, h);
        const correctedFils = p.kind === 'dues' ? corrected : null;
        const loan = p.loanId === null ? null : loanById(model, p.loanId);
        const expected =
          p.status !== 'pending' || (loan && loan.state !== 'active')
            ? 409
            : loan && p.amountFils > remainingFils(loan)
              ? 422
              : 200;
        await call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/payments/${p.id}/approve`,
            ...(correctedFils ? { payload: { amount: aed(correctedFils) } } : {}),
            headers: bearer(real.adminToken),
          },
          expected,
        );
        if (expected !== 200) return;
        p.status = 'approved';
        if (loan) {
          loan.paidFils += p.amountFils;
          loan.pendingRepaymentsFils -= p.amountFils;
          if (remainingFils(loan) === 0) loan.state = 'closed';
        } else {
          model.members[p.member]!.savingsFils += correctedFils ?? p.amountFils;
          model.members[p.member]!.livePeriods.set(p.period!, 'approved');
        }
      },
    ),
  );

const rejectPayment = fc.record({ j: fc.nat(), h: hit }).map(({ j, h }) =>
  step(
    `rejectPayment(#${j}${h ? '*' : ''})`,
    (model) => model.payments.length > 0,
    async (model, real) => {
      const p = pickPayment(model, j, h);
      const expected = p.status === 'pending' ? 200 : 409;
      await call(
        model,
        real,
        {
          method: 'POST',
          url: `/api/admin/payments/${p.id}/reject`,
          payload: { reason: 'The receipt is unreadable.' },
          headers: bearer(real.adminToken),
        },
        expected,
      );
      if (expected !== 200) return;
      p.status = 'rejected';
      if (p.loanId !== null) loanById(model, p.loanId).pendingRepaymentsFils -= p.amountFils;
      else model.members[p.member]!.livePeriods.delete(p.period!);
    },
  ),
);

/** A treasurer's decision on a member's latest loan: allowed from some states, 409 otherwise. */
const loanAction = (action: string, from: LoanState, to: LoanState, body?: object) =>
  fc.record({ i: member, h: hit }).map(({ i, h }) =>
    step(
      `${action}Loan(m${i}${h ? '*' : ''})`,
      (model) => latestLoan(model.members[pickMember(model, i, h, from)]!) !== undefined,
      async (model, real) => {
        const loan = latestLoan(model.members[pickMember(model, i, h, from)]!)!;
        const expected = loan.state === from ? 200 : 409;
        await call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/loans/${loan.id}/${action}`,
            ...(body ? { payload: body } : {}),
            headers: bearer(real.adminToken),
          },
          expected,
        );
        if (expected === 200) loan.state = to;
      },
    ),
  );

const cashRepayment = fc.record({ i: member, h: hit, amount: repayment }).map(({ i, h, amount }) =>
  step(
    `cashRepayment(m${i}${h ? '*' : ''}, ${amount})`,
    (model) => latestLoan(model.members[pickMember(model, i, h, 'active')]!) !== undefined,
    async (model, real) => {
      const loan = latestLoan(model.members[pickMember(model, i, h, 'active')]!)!;
      const amountFils = amount === 'rest' ? Math.max(remainingFils(loan), 1) : amount;
      const expected = loan.state !== 'active' ? 409 : amountFils > remainingFils(loan) ? 422 : 200;
      await call(
        model,
        real,
        {
          method: 'POST',
          url: `/api/admin/loans/${loan.id}/repayments`,
          payload: { amount: aed(amountFils), note: 'Paid at the meeting' },
          headers: bearer(real.adminToken),
        },
        expected,
      );
      if (expected !== 200) return;
      loan.paidFils += amountFils;
      if (remainingFils(loan) === 0) loan.state = 'closed';
    },
  ),
);

/** The last call again with its key: the first answer comes back and nothing is written. */
const replay = fc.constant(
  step(
    'replayLast()',
    (model) => model.last !== null,
    async (model, real) => {
      const last = model.last!;
      const res = await real.t.app.inject(last.options);
      expect(res.statusCode).toBe(last.statusCode);
      expect(res.body).toBe(last.body);
      expect(res.headers['idempotent-replayed']).toBe('true');
    },
  ),
);

async function closeApp(t: TestApp): Promise<void> {
  if (onPostgres) {
    // The harness drops the database WITH (FORCE) while the pool's connections close.
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    pool.removeAllListeners('error');
    pool.on('error', () => {});
  }
  await t.close();
}

describe('the money model: random member and treasurer calls keep the books right', () => {
  beforeAll(async () => {
    receipt = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
  });

  it(
    `holds over ${RUNS} random sequences of calls`,
    async () => {
      let current: TestApp | null = null;
      const setup = async () => {
        if (current) await closeApp(current);
        current = null;
        const t = await createTestApp();
        current = t;
        const admin = await makeUser(t.db, { role: 'admin' });
        const adminToken = await login(t.app, admin.email);
        const members: MemberModel[] = [];
        for (let i = 0; i < MEMBERS; i++) {
          const user = await makeUser(t.db, { joinedOn: `${periodAgo(12)}-01` });
          members.push({
            userId: user.id,
            token: await login(t.app, user.email),
            savingsFils: 0,
            livePeriods: new Map(),
            loans: [],
          });
        }
        const model: Model = { members, payments: [], last: null };
        return { model, real: { t, adminToken } };
      };
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.commands(
              // Repeated entries are drawn more often: the calls that make the next ones possible.
              [
                submitDues,
                submitDues,
                applyForLoan,
                applyForLoan,
                loanAction('approve', 'pending', 'approved'),
                loanAction('approve', 'pending', 'approved'),
                loanAction('disburse', 'approved', 'active'),
                loanAction('disburse', 'approved', 'active'),
                submitRepayment,
                submitRepayment,
                approvePayment,
                approvePayment,
                approvePayment,
                rejectPayment,
                withdraw,
                loanAction('reject', 'pending', 'rejected', { reason: 'Not this time.' }),
                loanAction('write-off', 'active', 'written_off', { reason: 'Left the country.' }),
                cashRepayment,
                cashRepayment,
                replay,
              ],
              { maxCommands: 40, size: 'medium' },
            ),
            (commands) => fc.asyncModelRun(setup, commands),
          ),
          // A sequence that fails, or hangs, is reported with its seed and commands before the
          // test's own time limit: shrinking a long failing sequence can take minutes, and a
          // bare timeout (seen once in a full local run, not reproduced) would hide it.
          {
            numRuns: RUNS,
            timeout: 60_000,
            interruptAfterTimeLimit: TIME_LIMIT_MS - 20_000,
            markInterruptAsFailure: true,
          },
        );
      } finally {
        if (current) await closeApp(current);
      }
    },
    TIME_LIMIT_MS,
  );
});
