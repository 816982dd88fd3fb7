import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { editableSettings } from './settings-body.ts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/users.ts';
import { accountBalanceFils } from '../src/features/ledger/balances.ts';
import { applyForLoan } from '../src/features/loans/apply.ts';
import { approveLoan } from '../src/features/loans/decisions.ts';
import { disburseLoan } from '../src/features/loans/disburse.ts';
import type { makeUser, TestApp } from './harness.ts';
import {
  bearer,
  createTestApp,
  useTestApp,
  dubaiMonthStart,
  expectError,
  loanApplication,
  multipart,
  plain,
  thisMonthName,
} from './harness.ts';

// The association's rules around the money, as a treasurer relies on them (issue 20):
// part payments, receipts on repayments, where to send the money, cash before payouts, two
// admins for money leaving the fund, no one deciding on their own money, admin-only accounts.
// docs/domain/dues.md and docs/domain/maker-checker.md give the rules in tables.

const t = useTestApp();
let receipt: Buffer;

/** Calls as the holder of `token`, on the file's app unless `on` is given. */
const as = (token: string, on: TestApp = t) => ({
  get: (url: string) => on.app.inject({ url, headers: bearer(token) }),
  post: (url: string, payload?: object) =>
    on.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    } as InjectOptions),
  put: (url: string, payload: object) =>
    on.app.inject({ method: 'PUT', url, headers: bearer(token), payload }),
  form: (url: string, fields: Record<string, string>, photo = true) => {
    const { payload, headers } = multipart(
      fields,
      photo ? { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: receipt } } : {},
    );
    return on.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, ...bearer(token) },
    });
  },
});

async function person(overrides: Parameters<typeof makeUser>[1] = {}, on: TestApp = t) {
  const user = await on.makeUser({ joinedOn: dubaiMonthStart(), ...overrides });
  const token = await on.login(user.email);
  return { user, token, api: as(token, on) };
}

const payDues = (token: string, amount: string, month = thisMonthName()) =>
  as(token).form('/api/save-monthly-payment', {
    payment_amount: amount,
    month,
    account_number: 'AE070331234567890123456',
  });

const thisRow = async (token: string) => {
  const data = (await as(token).get('/api/my-account-data')).json().myAccountData;
  return { row: data.monthlyPaymentData[0], dueBalance: data.due_balance as number };
};

/** A member's approved 1,000 AED loan, ready to pay out. */
async function approvedLoan(token: string, adminToken: string, amount = '1000', on: TestApp = t) {
  const applied = await as(token, on).form(
    '/api/loan-application',
    { loan_amount: amount, duration_month: '3', bank_account: 'Botim 1', passport_or_nid: 'P1' },
    false,
  );
  expect(applied.statusCode, applied.body).toBe(200);
  const id = applied.json().loan.id as number;
  expect((await as(adminToken, on).post(`/api/admin/loans/${id}/approve`)).statusCode).toBe(200);
  return id;
}

let treasurer: Awaited<ReturnType<typeof person>>;
let chair: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  receipt = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } })
    .jpeg()
    .toBuffer();
  treasurer = await person({ role: 'admin', name: 'Treasurer Fatima' });
  chair = await person({ role: 'admin', isMember: true, name: 'Chair Yusuf' });
});

describe('part payments of dues', () => {
  it('keeps a month open with what remains until its approved payments reach the due', async () => {
    const { token } = await person();
    const first = (await payDues(token, '120')).json().payment.id as number;
    // One receipt under review per month at a time.
    expectError(await payDues(token, '80'), 409);
    expect(await thisRow(token)).toMatchObject({
      row: { status: 'pending', amount: 200, paid: 0, remaining: 200 },
    });

    const review = (await treasurer.api.get('/api/admin/payments?status=pending')).json().items;
    expect(review.find((p: { id: number }) => p.id === first)).toMatchObject({
      amount: 120,
      dues_month: { due: 200, fine: 0, paid: 0, remaining: 200 },
    });
    expect((await treasurer.api.get(`/api/admin/payments/${first}`)).json()).toMatchObject({
      id: first,
      status: 'pending',
      dues_month: { due: 200, fine: 0, paid: 0, remaining: 200 },
    });
    expectError(await treasurer.api.get('/api/admin/payments/999999'), 404);
    expect((await treasurer.api.post(`/api/admin/payments/${first}/approve`)).statusCode).toBe(200);
    expect(await thisRow(token)).toEqual({
      row: expect.objectContaining({ status: 'pay_now', amount: 200, paid: 120, remaining: 80 }),
      dueBalance: 80,
    });

    // More than the remainder is refused with the remainder named.
    const over = expectError(await payDues(token, '100'), 422);
    expect(plain(over.message)).toContain('AED 80 remains');
    expect(over.errors?.payment_amount?.map(plain)).toEqual(['Enter at most AED 80.']);

    const second = (await payDues(token, '80')).json().payment.id as number;
    const pending = (await treasurer.api.get('/api/admin/payments?status=pending')).json().items;
    expect(pending.find((p: { id: number }) => p.id === second)).toMatchObject({
      dues_month: { due: 200, fine: 0, paid: 120, remaining: 80 },
    });
    expect((await treasurer.api.post(`/api/admin/payments/${second}/approve`)).statusCode).toBe(
      200,
    );
    expect(await thisRow(token)).toEqual({
      row: expect.objectContaining({ status: 'completed', paid: 200, remaining: 0 }),
      dueBalance: 0,
    });
    const paid = expectError(await payDues(token, '1'), 409);
    expect(paid.message).toMatch(/already paid/);
    await t.expectBooksBalance();
  });

  it('refuses an approval, corrected or not, above what remains of the month', async () => {
    const { token } = await person();
    const first = (await payDues(token, '150')).json().payment.id as number;
    await treasurer.api.post(`/api/admin/payments/${first}/approve`);
    const second = (await payDues(token, '50')).json().payment.id as number;
    const refused = expectError(
      await treasurer.api.post(`/api/admin/payments/${second}/approve`, { amount: 60 }),
      422,
    );
    expect(refused.errors?.amount?.map(plain)).toEqual(['Enter at most AED 50.']);
    // Corrected down to what the receipt shows: a part payment.
    const ok = await treasurer.api.post(`/api/admin/payments/${second}/approve`, { amount: 30 });
    expect(ok.json().payment).toMatchObject({ status: 'approved', approved_amount: 30 });
    expect(await thisRow(token)).toMatchObject({
      row: { status: 'pay_now', paid: 180, remaining: 20 },
    });
  });

  it('keeps the due a month was paid at when the monthly due changes later', async () => {
    const { token } = await person();
    const id = (await payDues(token, '200')).json().payment.id as number;
    await treasurer.api.post(`/api/admin/payments/${id}/approve`);
    const body = editableSettings((await treasurer.api.get('/api/admin/settings')).json());
    await treasurer.api.put('/api/admin/settings', { ...body, monthly_due: 250 });
    try {
      expect((await thisRow(token)).row).toMatchObject({ status: 'completed', amount: 200 });
    } finally {
      await treasurer.api.put('/api/admin/settings', body);
    }
  });
});

describe('the review of a part-paid month after the monthly due changed', () => {
  it('shows the due the month was first paid at, as the member sees it', async () => {
    const { token } = await person();
    const first = (await payDues(token, '150')).json().payment.id as number;
    await treasurer.api.post(`/api/admin/payments/${first}/approve`);
    const body = editableSettings((await treasurer.api.get('/api/admin/settings')).json());
    await treasurer.api.put('/api/admin/settings', { ...body, monthly_due: 250 });
    try {
      const second = (await payDues(token, '50')).json().payment.id as number;
      expect((await treasurer.api.get(`/api/admin/payments/${second}`)).json()).toMatchObject({
        dues_month: { due: 200, fine: 0, paid: 150, remaining: 50 },
      });
      expect((await thisRow(token)).row).toMatchObject({ amount: 200, remaining: 50 });
    } finally {
      await treasurer.api.put('/api/admin/settings', body);
    }
  });
});

describe('loan repayments with a receipt', () => {
  it('takes a receipt, refuses what is not the member’s active loan, and needs the amount for a repayment without one', async () => {
    await t.fundCash(200_000);
    const { token } = await person();
    const other = await person();
    const loanId = await approvedLoan(token, treasurer.token);
    const repay = (who: string, id: number, fields: Record<string, string>, photo = true) =>
      as(who).form(`/api/my-loans/${id}/repayments`, fields, photo);

    // Not active yet: 409; another member's loan: 404, as for no loan at all.
    expectError(await repay(token, loanId, { payment_amount: '100' }), 409);
    await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`);
    await chair.api.post(`/api/admin/loans/${loanId}/disburse`);
    expectError(await repay(other.token, loanId, { payment_amount: '100' }), 404);
    expectError(await repay(token, 999_999, { payment_amount: '100' }), 404);
    const noPhoto = expectError(await repay(token, loanId, { payment_amount: '100' }, false), 422);
    expect(noPhoto.errors?.photo).toBeDefined();
    expectError(await repay(token, loanId, { payment_amount: '5000' }), 422);

    const withReceipt = await repay(token, loanId, {
      payment_amount: '356.67',
      account_number: 'AE07',
    });
    expect(withReceipt.statusCode, withReceipt.body).toBe(200);
    expect(withReceipt.json().payment).toMatchObject({
      kind: 'loan_repayment',
      loan_id: loanId,
      amount: 356.67,
      receipt_url: expect.stringMatching(/^\/api\/files\//),
    });
    // The spec's amount-only call stays, without a receipt.
    const amountOnly = await as(token).post('/api/save-monthly-payment', { payment_amount: 100 });
    expect(amountOnly.statusCode).toBe(200);
    const noReceipt = amountOnly.json().payment.id as number;
    const queue = (await treasurer.api.get('/api/admin/payments?status=pending')).json().items;
    expect(queue.find((p: { id: number }) => p.id === noReceipt)).toMatchObject({
      receipt_url: null,
      dues_month: null,
    });
    const needsAmount = expectError(
      await treasurer.api.post(`/api/admin/payments/${noReceipt}/approve`),
      422,
    );
    expect(needsAmount.message).toMatch(/without a receipt/);
    expect(
      (await treasurer.api.post(`/api/admin/payments/${noReceipt}/approve`, { amount: 90 }))
        .statusCode,
    ).toBe(200);
    const withId = withReceipt.json().payment.id as number;
    expect((await treasurer.api.post(`/api/admin/payments/${withId}/approve`)).statusCode).toBe(
      200,
    );
    const loan = (await as(token).get('/api/my-loans')).json().items[0];
    expect(loan.paid_amount).toBe(446.67);
    await t.expectBooksBalance();
  });
});

describe('where to send the money', () => {
  it('is a setting the treasurer edits and every member reads', async () => {
    const body = editableSettings((await treasurer.api.get('/api/admin/settings')).json());
    const text = 'Emirates NBD, Jamiya Savings\nIBAN AE07 0331 2345 6789 0123 456';
    // Two admins are active: the treasurer proposes, the chair confirms (issue 50, point 13).
    const asked = { ...body, payment_instructions: text };
    const proposed = await treasurer.api.put('/api/admin/settings', asked);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect((await t.app.inject({ url: '/api/settings' })).json().payment_instructions).not.toBe(
      text,
    );
    const saved = await chair.api.put('/api/admin/settings', asked);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url: '/api/settings' })).json().payment_instructions).toBe(text);
    // Left as it is when a client that does not know the field saves the settings.
    const { payment_instructions: ___, ...withoutIt } = body;
    await treasurer.api.put('/api/admin/settings', withoutIt);
    expect((await t.app.inject({ url: '/api/settings' })).json().payment_instructions).toBe(text);
    const tooLong = expectError(
      await treasurer.api.put('/api/admin/settings', {
        ...body,
        payment_instructions: 'x'.repeat(2001),
      }),
      422,
    );
    expect(tooLong.errors?.payment_instructions).toBeDefined();
    const { token } = await person();
    expectError(await as(token).put('/api/admin/settings', body), 403);
  });
});

describe('cash before payouts', () => {
  // Books of their own: the overview's cash and proposals are the whole association's, and an
  // amount is written with fils only when it has some, as this cash has.
  const own = useTestApp();
  let treasurer: Awaited<ReturnType<typeof person>>;
  let chair: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    await own.fundCash(123_456);
    treasurer = await person({ role: 'admin', name: 'Treasurer Fatima' }, own);
    chair = await person({ role: 'admin', isMember: true, name: 'Chair Yusuf' }, own);
  });

  it('refuses a payout above the cash in hand, naming it, and changes nothing', async () => {
    const { token } = await person({}, own);
    const cash = (await treasurer.api.get('/api/admin/overview')).json().cash_in_hand as number;
    const loanId = await approvedLoan(
      token,
      treasurer.token,
      String(Math.floor(cash / 100) * 100 + 500),
      own,
    );
    for (const admin of [treasurer, chair]) {
      const refused = expectError(await admin.api.post(`/api/admin/loans/${loanId}/disburse`), 409);
      expect(plain(refused.message)).toMatch(/^Cash in hand is AED [\d,]+\.\d\d, less than/);
    }
    const after = (await treasurer.api.get('/api/admin/overview')).json();
    expect(after.cash_in_hand).toBe(cash);
    expect(after.proposals).toEqual([]);
    expect((await treasurer.api.get(`/api/admin/loans/${loanId}`)).json().state).toBe('approved');
    await as(token, own).post(`/api/my-loans/${loanId}/withdraw`);
  });
});

describe('cash before payouts, at once', () => {
  it('lets one of two payouts through when the cash covers only one', async () => {
    const own = await createTestApp();
    try {
      await own.fundCash(150_000);
      const admin = await own.makeUser({ role: 'admin' });
      const actor = { id: admin.id, role: 'admin' as const };
      const loans = [];
      for (let i = 0; i < 2; i++) {
        const borrower = await own.makeUser();
        const loan = await applyForLoan(own.db, borrower.id, loanApplication(), new Date());
        await approveLoan(own.db, loan.id, actor, new Date());
        loans.push(loan.id);
      }
      const outcomes = await Promise.allSettled(
        loans.map((id) => disburseLoan(own.db, id, actor, new Date())),
      );
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ statusCode: 409 });
      expect(await accountBalanceFils(own.db, { code: 'cash' })).toBe(50_000);
      await own.expectBooksBalance();
    } finally {
      await own.close();
    }
  });
});

describe('two admins for money leaving the fund', () => {
  it('proposes with 202, refuses the proposer with 409, and carries out on the second admin', async () => {
    await t.fundCash(200_000);
    const { token, user } = await person({ name: 'Borrower Bilal' });
    const loanId = await approvedLoan(token, treasurer.token);
    const proposed = await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({
      pending_confirmation: true,
      loan: { id: loanId, state: 'approved' },
      proposal: {
        action: 'loan.disburse',
        loan_id: loanId,
        member: { id: user.id },
        amount: 1000,
        proposed_by: { id: treasurer.user.id, name: 'Treasurer Fatima' },
      },
    });
    const overview = (await chair.api.get('/api/admin/overview')).json();
    expect(overview.active_admins).toBe(2);
    expect(overview.proposals).toEqual([
      expect.objectContaining({ loan_id: loanId, action: 'loan.disburse' }),
    ]);
    const again = expectError(await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`), 409);
    expect(again.message).toMatch(/second admin must confirm/);

    const done = await chair.api.post(`/api/admin/loans/${loanId}/disburse`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().loan).toMatchObject({ state: 'active' });
    expect((await chair.api.get('/api/admin/proposals')).json().items).toEqual([]);
    const audit = (await chair.api.get('/api/admin/audit?action=proposal.confirm')).json().items;
    expect(audit[0]).toMatchObject({
      actor: { id: chair.user.id },
      details: { proposedBy: 'Treasurer Fatima', confirmedBy: 'Chair Yusuf', loanId },
    });
    await t.expectBooksBalance();
  });

  it('answers a repeated proposal with its first answer (Idempotency-Key)', async () => {
    await t.fundCash(100_000);
    const { token } = await person();
    const loanId = await approvedLoan(token, treasurer.token);
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/loans/${loanId}/disburse`,
        headers: { ...bearer(treasurer.token), 'idempotency-key': `propose-${loanId}` },
      });
    const first = await call();
    const replay = await call();
    expect([first.statusCode, replay.statusCode]).toEqual([202, 202]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await chair.api.get('/api/admin/proposals')).json().items).toHaveLength(1);
    const [proposal] = (await chair.api.get('/api/admin/proposals')).json().items;
    // Either admin may withdraw; a second withdrawal is 409.
    const withdrawn = await chair.api.post(`/api/admin/proposals/${proposal.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expectError(await treasurer.api.post(`/api/admin/proposals/${proposal.id}/withdraw`), 409);
    expectError(await treasurer.api.post('/api/admin/proposals/999999/withdraw'), 404);
    // Withdrawn: the chair's call is a new proposal, not a confirmation.
    expect((await chair.api.post(`/api/admin/loans/${loanId}/disburse`)).statusCode).toBe(202);
    // The member withdrawing the loan withdraws the proposal with it.
    await as(token).post(`/api/my-loans/${loanId}/withdraw`);
    expect((await chair.api.get('/api/admin/proposals')).json().items).toEqual([]);
    const { token: memberToken } = await person();
    expectError(await as(memberToken).get('/api/admin/proposals'), 403);
  });

  it("writes off with the proposer's reason once a second admin agrees", async () => {
    await t.fundCash(100_000);
    const { token } = await person();
    const loanId = await approvedLoan(token, treasurer.token);
    await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`);
    await chair.api.post(`/api/admin/loans/${loanId}/disburse`);
    const proposed = await chair.api.post(`/api/admin/loans/${loanId}/write-off`, {
      reason: 'Left the country',
    });
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json().proposal).toMatchObject({
      action: 'loan.write_off',
      reason: 'Left the country',
      amount: 1000,
    });
    const done = await treasurer.api.post(`/api/admin/loans/${loanId}/write-off`, {
      reason: 'Agreed',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().loan.state).toBe('written_off');
    expect(done.json().loan.transitions.at(-1)).toMatchObject({
      to: 'written_off',
      reason: 'Left the country',
    });
    await t.expectBooksBalance();
  });

  it('lets a single active admin act alone, and says how many are active', async () => {
    await t.fundCash(100_000);
    const { token } = await person();
    const loanId = await approvedLoan(token, treasurer.token);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, chair.user.id));
    try {
      expect((await treasurer.api.get('/api/admin/overview')).json().active_admins).toBe(1);
      const alone = await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`);
      expect(alone.statusCode, alone.body).toBe(200);
      expect(alone.json().loan.state).toBe('active');
    } finally {
      await t.db.update(users).set({ status: 1 }).where(eq(users.id, chair.user.id));
    }
  });
});

describe('no one decides on their own money', () => {
  it('refuses an admin the decisions on their own payments and loans, and lets the other admin decide', async () => {
    await t.fundCash(100_000);
    const own = (await payDues(chair.token, '200')).json().payment.id as number;
    for (const action of ['approve', 'reject']) {
      const refused = expectError(
        await chair.api.post(`/api/admin/payments/${own}/${action}`, { reason: 'mine' }),
        403,
      );
      expect(refused.message).toBe(
        'You cannot decide on your own payment; another admin must review it.',
      );
    }
    expect((await treasurer.api.post(`/api/admin/payments/${own}/approve`)).statusCode).toBe(200);

    const applied = await chair.api.form(
      '/api/loan-application',
      { loan_amount: '1000', duration_month: '3', bank_account: 'Botim', passport_or_nid: 'P9' },
      false,
    );
    const loanId = applied.json().loan.id as number;
    for (const [action, body] of [
      ['approve', undefined],
      ['reject', { reason: 'mine' }],
    ] as const) {
      const refused = expectError(
        await chair.api.post(`/api/admin/loans/${loanId}/${action}`, body),
        403,
      );
      expect(refused.message).toBe('You cannot decide on your own loan; another admin must.');
    }
    expect((await treasurer.api.post(`/api/admin/loans/${loanId}/approve`)).statusCode).toBe(200);
    expectError(await chair.api.post(`/api/admin/loans/${loanId}/disburse`), 403);
    expect((await treasurer.api.post(`/api/admin/loans/${loanId}/disburse`)).statusCode).toBe(202);
    // The proposal cannot be confirmed by the borrower either.
    expectError(await chair.api.post(`/api/admin/loans/${loanId}/disburse`), 403);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, treasurer.user.id));
    try {
      // Even alone, an admin does not pay themselves out.
      expectError(await chair.api.post(`/api/admin/loans/${loanId}/disburse`), 403);
    } finally {
      await t.db.update(users).set({ status: 1 }).where(eq(users.id, treasurer.user.id));
    }
    const [proposal] = (await treasurer.api.get('/api/admin/proposals')).json().items;
    await treasurer.api.post(`/api/admin/proposals/${proposal.id}/withdraw`);
    await chair.api.post(`/api/my-loans/${loanId}/withdraw`);
  });
});

describe('an admin who is not a member', () => {
  it('has no member area and is counted nowhere as a member', async () => {
    const profile = (await treasurer.api.get('/api/profile')).json().userData;
    expect(profile).toMatchObject({ role: 'admin', is_member: false });
    for (const url of [
      '/api/my-account-data',
      '/api/my-payments',
      '/api/my-loans',
      '/api/my-bonus',
    ]) {
      const refused = expectError(await treasurer.api.get(url), 403);
      expect(refused.message).toMatch(/no member area/);
    }
    expectError(await payDues(treasurer.token, '200'), 403);
    // The shared parts stay: notifications and the profile.
    expect((await treasurer.api.get('/api/notifications')).statusCode).toBe(200);

    const members = (await treasurer.api.get('/api/admin/members?limit=100')).json().items as {
      id: number;
      is_member: boolean;
    }[];
    expect(members.some((m) => m.id === treasurer.user.id)).toBe(false);
    expect(members.find((m) => m.id === chair.user.id)).toMatchObject({ is_member: true });
    const overview = (await treasurer.api.get('/api/admin/overview')).json();
    expect(overview.members.active + overview.members.inactive).toBe(members.length);
  });
});
