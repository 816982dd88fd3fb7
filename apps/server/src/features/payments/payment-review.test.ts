import { describe, expect, it } from 'vitest';
import { accountBalanceFils } from '../ledger/balances.ts';
import { approvePayment, rejectPayment } from './review.ts';
import { monthNameAgo, useSaveMonthlyPayment } from './testing/save-monthly-payment-kit.ts';
import { periodAgo } from '../../../test/calendar.ts';

describe('POST /api/save-monthly-payment and GET /api/my-payments', () => {
  const kit = useSaveMonthlyPayment();
  const { t, member, pay, account, rowOf, myPayments, entriesOf, expectRejection } = kit;

  describe('review by an admin', () => {
    it('approval completes the month, raises the balance by exactly the amount and balances the books', async () => {
      const { user, token } = await member(2);
      const before = await account(token);
      expect(before.due_balance).toBe(600);
      const res = await pay(token, monthNameAgo(1), '200');
      const id = res.json().payment.id as number;

      const approved = await approvePayment(t.db, id, kit.admin, new Date());
      expect(approved).toMatchObject({
        status: 'approved',
        approvedAmountFils: 20000,
        reviewedBy: kit.admin.id,
      });

      const after = await account(token);
      expect(rowOf(after, periodAgo(1))).toMatchObject({ status: 'completed', amount: 200 });
      expect(rowOf(after, periodAgo(0))?.status).toBe('pay_now');
      expect(rowOf(after, periodAgo(2))?.status).toBe('due');
      expect(after.account_balance - before.account_balance).toBe(200);
      expect(after.due_balance).toBe(400);

      const entries = await entriesOf(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.kind).toBe('dues');
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(-20000);
      await t.expectBooksBalance();

      const [view] = await myPayments(token);
      expect(view).toMatchObject({ id, status: 'approved', approved_amount: 200 });
      expect(view!.reviewed_at).toEqual(expect.any(String));
    });

    it('approval with a corrected amount credits the corrected amount', async () => {
      const { user, token } = await member(2);
      const id = (await pay(token, monthNameAgo(0), '200')).json().payment.id as number;
      await approvePayment(t.db, id, kit.admin, new Date(), 18_050);

      const a = await account(token);
      expect(a.account_balance).toBe(180.5);
      // Less than the due: a part payment, and the month keeps what remains.
      expect(rowOf(a, periodAgo(0))).toMatchObject({
        status: 'pay_now',
        amount: 200,
        paid: 180.5,
        remaining: 19.5,
      });
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(-18_050);
      expect((await myPayments(token))[0]).toMatchObject({
        id,
        amount: 200,
        approved_amount: 180.5,
        status: 'approved',
      });
      await t.expectBooksBalance();
    });

    it('refuses to approve a corrected amount of 0 and leaves the payment pending', async () => {
      const { token } = await member(2);
      const id = (await pay(token, monthNameAgo(0), '200')).json().payment.id as number;
      await expectRejection(approvePayment(t.db, id, kit.admin, new Date(), 0), 422);
      expect((await myPayments(token))[0]).toMatchObject({ id, status: 'pending' });
      expect(await entriesOf(id)).toHaveLength(0);
    });

    it('rejection with a reason makes the month owed again, shows the reason, and allows a new receipt', async () => {
      const { token } = await member(2);
      const lastMonth = periodAgo(1);
      const id = (await pay(token, monthNameAgo(1))).json().payment.id as number;
      const reason = 'The receipt photo is blurred; the amount cannot be read.';
      await rejectPayment(t.db, id, kit.admin, reason, new Date());

      const a = await account(token);
      const row = rowOf(a, lastMonth)!;
      expect(row.status).toBe('due');
      expect(row.description).toContain(reason);
      expect(a.account_balance).toBe(0);
      expect(await entriesOf(id)).toHaveLength(0);
      expect((await myPayments(token))[0]).toMatchObject({
        id,
        status: 'rejected',
        review_note: reason,
      });

      const again = await pay(token, monthNameAgo(1));
      expect(again.statusCode).toBe(200);
      expect(again.json().payment.period).toBe(lastMonth);
      expect(rowOf(await account(token), lastMonth)?.status).toBe('pending');
      await t.expectBooksBalance();
    });

    it('a rejected receipt for this month shows the month as pay_now again', async () => {
      const { token } = await member(0);
      const id = (await pay(token, monthNameAgo(0))).json().payment.id as number;
      await rejectPayment(t.db, id, kit.admin, 'Wrong account', new Date());
      const row = rowOf(await account(token), periodAgo(0))!;
      expect(row.status).toBe('pay_now');
      expect(row.description).toContain('Wrong account');
    });

    it('a second approval answers 409 and writes no second journal entry', async () => {
      const { user, token } = await member(2);
      const id = (await pay(token, monthNameAgo(0))).json().payment.id as number;
      await approvePayment(t.db, id, kit.admin, new Date());
      await expectRejection(approvePayment(t.db, id, kit.admin, new Date()), 409);
      await expectRejection(approvePayment(t.db, id, kit.admin, new Date(), 50_000), 409);
      await expectRejection(rejectPayment(t.db, id, kit.admin, 'too late', new Date()), 409);
      expect(await entriesOf(id)).toHaveLength(1);
      expect((await account(token)).account_balance).toBe(200);
      expect(await accountBalanceFils(t.db, { code: 'savings', userId: user.id })).toBe(-20000);
      await t.expectBooksBalance();
    });

    it('approving or rejecting a payment that does not exist answers 404', async () => {
      await expectRejection(approvePayment(t.db, 987_654, kit.admin, new Date()), 404);
      await expectRejection(rejectPayment(t.db, 987_654, kit.admin, 'x', new Date()), 404);
    });
  });
});
