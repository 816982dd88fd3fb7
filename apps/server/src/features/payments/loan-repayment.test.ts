import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, expectError, multipart } from '../../../test/harness.ts';
import { loanInstallments } from '../../db/schema/loans.ts';
import { accountBalanceFils, loanReceivableFils } from '../ledger/balances.ts';
import { approveLoan } from '../loans/decisions.ts';
import { disburseLoan } from '../loans/disburse.ts';
import { approvePayment, rejectPayment } from './review.ts';
import { useSaveMonthlyPayment } from './testing/save-monthly-payment-kit.ts';

describe('POST /api/save-monthly-payment and GET /api/my-payments', () => {
  const kit = useSaveMonthlyPayment();
  const { t, member, post, account, myPayments, entriesOf, expectRejection } = kit;

  describe('a loan repayment (only payment_amount)', () => {
    async function memberWithActiveLoan() {
      const m = await member(2);
      const { payload, headers } = multipart({
        loan_type: 'personal',
        loan_amount: '1000',
        duration_month: '3',
        bank_account: 'Botim 0501234567',
        passport_or_nid: 'P1234567',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        payload,
        headers: { ...headers, ...bearer(m.token) },
      });
      expect(res.statusCode, res.body).toBe(200);
      const loanId = res.json().loan.id as number;
      await approveLoan(t.db, loanId, kit.admin, new Date());
      await disburseLoan(t.db, loanId, kit.admin, new Date());
      return { ...m, loanId };
    }
    const repay = (token: string, amount: string) => post(token, { payment_amount: amount });
    async function myLoan(token: string) {
      const res = await t.app.inject({ url: '/api/my-loans', headers: bearer(token) });
      return res.json().items[0];
    }

    it('is refused with 409 when the member has no active loan', async () => {
      const { token } = await member();
      expectError(await repay(token, '100'), 409);
      expect(await myPayments(token)).toHaveLength(0);
    });

    it('is refused with 409 while the loan is only applied for', async () => {
      const { token } = await member();
      const { payload, headers } = multipart({
        loan_amount: '1000',
        duration_month: '3',
        bank_account: 'B1',
        passport_or_nid: 'P1',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        payload,
        headers: { ...headers, ...bearer(token) },
      });
      expect(res.statusCode).toBe(200);
      expectError(await repay(token, '100'), 409);
    });

    it('is recorded as a loan_repayment of the active loan and refused above what is left after pending ones', async () => {
      const { token, loanId } = await memberWithActiveLoan();
      const first = await repay(token, '1000');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().payment).toMatchObject({
        kind: 'loan_repayment',
        loan_id: loanId,
        amount: 1000,
        status: 'pending',
        period: null,
        month: null,
        receipt_url: null,
      });
      // 1070 owed, 1000 under review: 70 is the most that can still be sent.
      const over = expectError(await repay(token, '70.01'), 422);
      expect(over.errors?.payment_amount?.length).toBeGreaterThan(0);
      expect((await repay(token, '70')).statusCode).toBe(200);
      expect(expectError(await repay(token, '0.01'), 422).errors?.payment_amount).toBeDefined();
      expectError(await repay(token, '0'), 422);
      expect((await myPayments(token)).map((p) => p.amount)).toEqual([70, 1000]);
      // Nothing is applied before approval.
      expect((await myLoan(token)).paid_amount).toBe(0);
    });

    it('a rejected repayment frees its room again', async () => {
      const { token } = await memberWithActiveLoan();
      const id = (await repay(token, '1070')).json().payment.id as number;
      expectError(await repay(token, '1'), 422);
      await rejectPayment(t.db, id, kit.admin, 'No transfer found', new Date());
      expect((await repay(token, '1070')).statusCode).toBe(200);
    });

    it('approved repayments pay the oldest installments first, and the full remainder closes the loan', async () => {
      const { user, token, loanId } = await memberWithActiveLoan();
      const cashBefore = await accountBalanceFils(t.db, { code: 'cash' });
      const incomeBefore = await accountBalanceFils(t.db, { code: 'interest_income' });

      const first = (await repay(token, '400')).json().payment.id as number;
      // The amount-only call carries no receipt: the treasurer enters what was received.
      await expect(approvePayment(t.db, first, kit.admin, new Date())).rejects.toMatchObject({
        statusCode: 422,
        errors: { amount: ['Enter the amount received.'] },
      });
      await approvePayment(t.db, first, kit.admin, new Date(), 40_000);
      let loan = await myLoan(token);
      // 1000 at 7 % over 3: 356.67, 356.67 and 356.66.
      expect(loan.installments.map((i: { amount: number }) => i.amount)).toEqual([
        356.67, 356.67, 356.66,
      ]);
      expect(loan.installments.map((i: { paid: number }) => i.paid)).toEqual([356.67, 43.33, 0]);
      expect(loan.installments.map((i: { status: string }) => i.status)).toEqual([
        'paid',
        'partly_paid',
        'unpaid',
      ]);
      expect(loan).toMatchObject({ state: 'active', paid_amount: 400, remaining_amount: 670 });
      expect(loan.next_installment).toMatchObject({ number: 2, amount: 313.34 });
      expect((await account(token)).loan_balance).toBe(670);
      await t.expectBooksBalance();

      const second = (await repay(token, '670')).json().payment.id as number;
      await approvePayment(t.db, second, kit.admin, new Date(), 67_000);
      loan = await myLoan(token);
      expect(loan).toMatchObject({
        state: 'closed',
        paid_amount: 1070,
        remaining_amount: 0,
        next_installment: null,
      });
      expect(loan.installments.map((i: { status: string }) => i.status)).toEqual([
        'paid',
        'paid',
        'paid',
      ]);
      expect(loan.transitions.at(-1)).toMatchObject({ from: 'active', to: 'closed', by: 'system' });

      const rows = await t.db
        .select()
        .from(loanInstallments)
        .where(eq(loanInstallments.loanId, loanId));
      expect(rows.every((r) => r.paidAt !== null)).toBe(true);
      expect(await loanReceivableFils(t.db, loanId)).toBe(0);
      expect((await accountBalanceFils(t.db, { code: 'cash' })) - cashBefore).toBe(107_000);
      expect((await accountBalanceFils(t.db, { code: 'interest_income' })) - incomeBefore).toBe(
        -7_000,
      );
      // A repayment is not savings.
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(0);
      await t.expectBooksBalance();

      // Closed: nothing left to repay, and a new application is allowed.
      expectError(await repay(token, '1'), 409);
      const { payload, headers } = multipart({
        loan_amount: '500',
        duration_month: '1',
        bank_account: 'B1',
        passport_or_nid: 'P1',
      });
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/loan-application',
        payload,
        headers: { ...headers, ...bearer(token) },
      });
      expect(again.statusCode, again.body).toBe(200);
    });

    it('approving a repayment corrected above what is owed is refused and changes nothing', async () => {
      const { token, loanId } = await memberWithActiveLoan();
      const id = (await repay(token, '100')).json().payment.id as number;
      await expectRejection(approvePayment(t.db, id, kit.admin, new Date(), 107_001), 422);
      expect((await myPayments(token))[0]).toMatchObject({ id, status: 'pending' });
      expect(await loanReceivableFils(t.db, loanId)).toBe(100_000);
      expect(await entriesOf(id)).toHaveLength(0);
      await t.expectBooksBalance();
    });
  });
});
