import '../testing/fake-indexeddb.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { waitingPayment as payment } from '../testing/outbox-fixtures.ts';
import { stubApi } from '../testing/render.tsx';
import {
  forgetWaitingPayments,
  keepPayment,
  sendWaitingPayments,
  waitingPayments,
  type WaitingPayment,
} from './outbox.ts';
import { setCachedProfileId, setToken } from './session-store.ts';

// The outbox in IndexedDB (testing/fake-indexeddb.ts). One phone, two members: Amina
// (account 2) and Rahul (account 3).
const AMINA = 2;
const RAHUL = 3;
const tokenOf = (who: string) => `token-of-${who}`.padEnd(43, 'x');

const ids = (payments: WaitingPayment[]) => payments.map((p) => p.id);

afterEach(async () => {
  await forgetWaitingPayments(AMINA);
  await forgetWaitingPayments(RAHUL);
});

describe('the outbox of a shared phone', () => {
  it('gives each account its own payments, and deletes only those of the account signing out', async () => {
    const [aminas, rahuls] = [payment(AMINA, '2026-09'), payment(RAHUL, '2026-09')];
    await keepPayment(aminas);
    await keepPayment(rahuls);
    expect(ids(await waitingPayments(AMINA))).toEqual([aminas.id]);
    expect(ids(await waitingPayments(RAHUL))).toEqual([rahuls.id]);

    await forgetWaitingPayments(RAHUL);
    expect(ids(await waitingPayments(RAHUL))).toEqual([]);
    expect(ids(await waitingPayments(AMINA))).toEqual([aminas.id]);
  });

  it('sends an account’s payments with its session’s token, and none of another account’s', async () => {
    const [aminas, rahuls] = [payment(AMINA, '2026-09'), payment(RAHUL, '2026-10')];
    await keepPayment(aminas);
    await keepPayment(rahuls);
    setToken(tokenOf('rahul'));
    setCachedProfileId(RAHUL, tokenOf('rahul'));
    const requests = stubApi({
      'POST /api/save-monthly-payment': () => ({
        body: { message: 'Your payment was submitted.' },
      }),
    });
    const outcomes = await sendWaitingPayments({ token: tokenOf('rahul'), accountId: RAHUL });
    expect(outcomes.map((o) => o.payment.id)).toEqual([rahuls.id]);
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual([rahuls.id]);
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${tokenOf('rahul')}`);
    expect(ids(await waitingPayments(AMINA))).toEqual([aminas.id]);
  });

  it('stops sending when another account signs in meanwhile: the rest wait for their member', async () => {
    const [first, second] = [payment(AMINA, '2026-09'), payment(AMINA, '2026-10')];
    await keepPayment(first);
    await keepPayment(second);
    setToken(tokenOf('amina'));
    setCachedProfileId(AMINA, tokenOf('amina'));
    const requests = stubApi({
      'POST /api/save-monthly-payment': () => {
        // While the first goes, Rahul signs in in another tab of the phone.
        localStorage.setItem('ts_token', tokenOf('rahul'));
        return { body: { message: 'Your payment was submitted.' } };
      },
    });
    const outcomes = await sendWaitingPayments({ token: tokenOf('amina'), accountId: AMINA });
    expect(outcomes.map((o) => o.payment.id)).toEqual([first.id]);
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual([
      `Bearer ${tokenOf('amina')}`,
    ]);
    expect(ids(await waitingPayments(AMINA))).toEqual([second.id]);
  });

  it('keeps a payment whose session ended, for its member’s next sign-in', async () => {
    const aminas = payment(AMINA, '2026-09');
    await keepPayment(aminas);
    setToken(tokenOf('amina'));
    setCachedProfileId(AMINA, tokenOf('amina'));
    stubApi({
      'POST /api/save-monthly-payment': () => ({
        status: 401,
        body: { status_code: 401, message: 'Your session has ended. Please sign in again.' },
      }),
    });
    expect(await sendWaitingPayments({ token: tokenOf('amina'), accountId: AMINA })).toEqual([]);
    expect(ids(await waitingPayments(AMINA))).toEqual([aminas.id]);
  });
});
