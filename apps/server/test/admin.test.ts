import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanFigures } from '@jamiya/money/loan';
import { bearer, expectError, multipart, useTestApp } from './harness.ts';
import { localDate } from '../src/lib/calendar.ts';
import { MONTH_NAMES } from '@jamiya/contracts/common';
import { signedInAdmin, signedInMember } from './signed-in.ts';

const t = useTestApp();
let admin: Awaited<ReturnType<typeof signedInAdmin>>['call'];

beforeAll(async () => {
  // Cash for the loans this file pays out (cash never goes below zero).
  await t.fundCash(10_000_000);
  const treasurer = await signedInAdmin(t);
  admin = treasurer.call;
});

const thisMonth = () => MONTH_NAMES[Number(localDate(new Date()).slice(5, 7)) - 1]!;
const receipt = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();

const newMember = () => signedInMember(t);

async function submitDues(token: string, amount = '200') {
  const form = multipart(
    { payment_amount: amount, month: thisMonth(), account_number: 'AE0703312345' },
    { photo: { filename: 'r.jpg', contentType: 'image/jpeg', data: await receipt() } },
  );
  const res = await t.postForm('/api/save-monthly-payment', token, form);
  expect(res.statusCode).toBe(200);
  return res.json().payment.id as number;
}

const account = async (token: string) =>
  (await t.app.inject({ url: '/api/my-account-data', headers: bearer(token) })).json()
    .myAccountData;

describe('every /api/admin route', () => {
  it('refuses a visitor (401) and a member (403)', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([p]) => p.startsWith('/api/admin/'))
      .flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => ({
          method: m.toUpperCase() as 'GET' | 'POST',
          url: p.replace(/\{\w+\}/g, '1'),
        })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const { token } = await newMember();
    for (const r of routes) {
      expectError(await t.app.inject({ method: r.method, url: r.url, payload: {} }), 401);
      expectError(
        await t.app.inject({ method: r.method, url: r.url, headers: bearer(token), payload: {} }),
        403,
      );
    }
  });
});

describe('the review of receipts', () => {
  it('lists pending submissions with their member, approves one with a corrected amount', async () => {
    const { user, token } = await newMember();
    const id = await submitDues(token, '190');
    const list = (await admin('GET', '/api/admin/payments?status=pending')).json();
    const item = list.items.find((p: { id: number }) => p.id === id);
    expect(item).toMatchObject({
      status: 'pending',
      amount: 190,
      member: { id: user.id, name: user.name },
      dues_month: { due: 200, fine: 0, paid: 0, remaining: 200 },
    });

    // The receipt shows the whole due: the treasurer corrects the amount to it.
    const res = await admin('POST', `/api/admin/payments/${id}/approve`, { amount: 200 });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'approved', approved_amount: 200 });
    const mine = await account(token);
    expect(mine.account_balance).toBe(200);
    expect(mine.monthlyPaymentData[0].status).toBe('completed');
    await t.expectBooksBalance();

    expectError(await admin('POST', `/api/admin/payments/${id}/approve`), 409);
    expectError(await admin('POST', `/api/admin/payments/${id}/reject`, { reason: 'late' }), 409);
    expect((await account(token)).account_balance).toBe(200);
  });

  it('rejects with a reason the member sees, and requires the reason', async () => {
    const { token } = await newMember();
    const id = await submitDues(token);
    const missing = expectError(await admin('POST', `/api/admin/payments/${id}/reject`, {}), 422);
    expect(missing.errors).toHaveProperty('reason');
    expectError(await admin('POST', `/api/admin/payments/${id}/reject`, { reason: '   ' }), 422);
    const res = await admin('POST', `/api/admin/payments/${id}/reject`, {
      reason: 'The receipt is unreadable.',
    });
    expect(res.json().payment).toMatchObject({
      status: 'rejected',
      review_note: 'The receipt is unreadable.',
    });
    const row = (await account(token)).monthlyPaymentData[0];
    expect(row.status).toBe('pay_now');
    expect(row.description).toContain('The receipt is unreadable.');
    const mine = (await t.app.inject({ url: '/api/my-payments', headers: bearer(token) })).json()
      .items[0];
    expect(mine).toMatchObject({ status: 'rejected', review_note: 'The receipt is unreadable.' });
  });

  it('answers 404 for an unknown payment and 422 for a bad amount', async () => {
    expectError(await admin('POST', '/api/admin/payments/999999/approve'), 404);
    const { token } = await newMember();
    const id = await submitDues(token);
    expectError(
      await admin('POST', `/api/admin/payments/${id}/approve`, { amount: '12.345' }),
      422,
    );
    expectError(await admin('POST', `/api/admin/payments/${id}/approve`, { amount: -5 }), 422);
    expectError(await admin('GET', '/api/admin/payments?status=lost'), 400);
  });
});

describe('a loan from application to closed', () => {
  it('moves through approve, disburse, repayments by receipt and in cash, to closed, with the books balanced at each step', async () => {
    const { user, token } = await newMember();
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/loan-application',
      headers: bearer(token),
      payload: {
        loan_amount: 1000,
        duration_month: 3,
        bank_account: 'Botim 055',
        passport_or_nid: 'P1',
      },
    });
    const loanId = applied.json().loan.id as number;
    const figures = loanFigures({ amountFils: 100_000, termMonths: 3 });

    expectError(await admin('POST', `/api/admin/loans/${loanId}/disburse`), 409);
    const pending = (await admin('GET', '/api/admin/loans?state=pending')).json().items;
    expect(pending.find((l: { id: number }) => l.id === loanId).member.id).toBe(user.id);

    expect((await admin('POST', `/api/admin/loans/${loanId}/approve`)).json().loan.state).toBe(
      'approved',
    );
    expectError(await admin('POST', `/api/admin/loans/${loanId}/approve`), 409);
    expectError(
      await admin('POST', `/api/admin/loans/${loanId}/reject`, { reason: 'too late' }),
      409,
    );
    const disbursed = (await admin('POST', `/api/admin/loans/${loanId}/disburse`)).json().loan;
    expect(disbursed).toMatchObject({ state: 'active', remaining_amount: figures.totalFils / 100 });
    expect(disbursed.installments).toHaveLength(3);
    await t.expectBooksBalance();
    expect((await account(token)).loan_balance).toBe(figures.totalFils / 100);

    // The first installment by the member's repayment form, approved by the treasurer.
    const first = disbursed.installments[0].amount;
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/save-monthly-payment',
      headers: bearer(token),
      payload: { payment_amount: first },
    });
    expect(form.statusCode).toBe(200);
    // The spec's amount-only call has no receipt: approving it needs the amount received.
    const approvePath = `/api/admin/payments/${form.json().payment.id}/approve`;
    expectError(await admin('POST', approvePath), 422);
    expect((await admin('POST', approvePath, { amount: first })).statusCode).toBe(200);
    let loan = (await admin('GET', `/api/admin/loans/${loanId}`)).json();
    expect(loan.installments.map((i: { status: string }) => i.status)).toEqual([
      'paid',
      'unpaid',
      'unpaid',
    ]);
    await t.expectBooksBalance();

    // More than is owed is refused and changes nothing.
    expectError(
      await admin('POST', `/api/admin/loans/${loanId}/repayments`, { amount: 5000 }),
      422,
    );
    // The rest in cash, in two parts.
    loan = (
      await admin('POST', `/api/admin/loans/${loanId}/repayments`, {
        amount: 300,
        note: 'cash at the meeting',
      })
    ).json().loan;
    expect(loan.state).toBe('active');
    await t.expectBooksBalance();
    const rest = Math.round(loan.remaining_amount * 100) / 100;
    loan = (await admin('POST', `/api/admin/loans/${loanId}/repayments`, { amount: rest })).json()
      .loan;
    expect(loan).toMatchObject({
      state: 'closed',
      remaining_amount: 0,
      paid_amount: figures.totalFils / 100,
    });
    expect(loan.transitions.map((x: { to: string }) => x.to)).toEqual([
      'pending',
      'approved',
      'active',
      'closed',
    ]);
    await t.expectBooksBalance();
    expect((await account(token)).loan_balance).toBe(0);
    expectError(await admin('POST', `/api/admin/loans/${loanId}/repayments`, { amount: 1 }), 409);
    expectError(await admin('POST', `/api/admin/loans/${loanId}/write-off`, { reason: 'x' }), 409);
  });

  it('rejects with a reason, and writes off an active loan with one', async () => {
    const a = await newMember();
    const apply = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        headers: bearer(token),
        payload: { loan_amount: 500, duration_month: 1, bank_account: 'B', passport_or_nid: 'P' },
      });
    const id = (await apply(a.token)).json().loan.id;
    expectError(await admin('POST', `/api/admin/loans/${id}/reject`, {}), 422);
    const rejected = (
      await admin('POST', `/api/admin/loans/${id}/reject`, { reason: 'No guarantor yet.' })
    ).json().loan;
    expect(rejected).toMatchObject({ state: 'rejected', remaining_amount: 0 });
    expect(rejected.transitions.at(-1)).toMatchObject({
      to: 'rejected',
      reason: 'No guarantor yet.',
      by: 'admin',
    });

    const id2 = (await apply(a.token)).json().loan.id;
    await admin('POST', `/api/admin/loans/${id2}/approve`);
    await admin('POST', `/api/admin/loans/${id2}/disburse`);
    const off = (
      await admin('POST', `/api/admin/loans/${id2}/write-off`, { reason: 'Member left the UAE.' })
    ).json().loan;
    expect(off.state).toBe('written_off');
    await t.expectBooksBalance();
    expectError(await admin('GET', '/api/admin/loans/999999'), 404);
  });
});

describe('two admins at once (PostgreSQL)', () => {
  it('approve the same receipt: one effect, the others 409', async () => {
    const { token } = await newMember();
    const id = await submitDues(token);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => admin('POST', `/api/admin/payments/${id}/approve`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect((await account(token)).account_balance).toBe(200);
    await t.expectBooksBalance();
  });

  it('disburse the same loan: one payout', async () => {
    const { token } = await newMember();
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        headers: bearer(token),
        payload: { loan_amount: 800, duration_month: 3, bank_account: 'B', passport_or_nid: 'P' },
      })
    ).json().loan.id;
    await admin('POST', `/api/admin/loans/${id}/approve`);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => admin('POST', `/api/admin/loans/${id}/disburse`)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(5);
    await t.expectBooksBalance();
  });
});
