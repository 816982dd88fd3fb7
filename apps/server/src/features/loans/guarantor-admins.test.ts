import { describe, expect, it } from 'vitest';
import { bearer, expectError, memberWhoPaid, useTestApp } from '../../../test/harness.ts';

// Issue 50, point 5: a guarantee is the guarantor's own money. An admin who guarantees a loan
// neither decides on it nor proposes a decision, as with their own loan; another admin does.

const t = useTestApp({}, { loanRules: 'defaults' });

const as = (token: string, method: 'GET' | 'POST', url: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** A member (an admin too, when asked) who joined a year ago and paid every month since. */
const person = (role: 'member' | 'admin' = 'member') =>
  memberWhoPaid(t, 12, { role, isMember: true });

describe('an admin who guarantees a loan', () => {
  it('may not approve, pay out or write it off, nor propose it; another admin may', async () => {
    const guarantor = await person('admin'); // AED 2,400 saved
    const treasurer = await person('admin');
    const chair = await person('admin');
    const borrower = await person(); // AED 2,400: a loan of AED 4,000 needs 1,600 guaranteed
    const applied = await as(borrower.token, 'POST', '/api/loan-application', {
      loan_amount: 4000,
      duration_month: 6,
      bank_account: 'Botim 1',
      passport_or_nid: 'P1',
      guarantors: [{ member_id: guarantor.uniqueId, amount: 1600 }],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const loanId: number = applied.json().loan.id;
    const guarantees = (await as(guarantor.token, 'GET', '/api/guarantees')).json().items;
    const accepted = await as(
      guarantor.token,
      'POST',
      `/api/guarantees/${guarantees[0].id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    const refused = expectError(
      await as(guarantor.token, 'POST', `/api/admin/loans/${loanId}/approve`),
      403,
    );
    expect(refused.message).toBe(
      'You guarantee this loan, so you cannot decide on it; another admin must.',
    );
    expectError(
      await as(guarantor.token, 'POST', `/api/admin/loans/${loanId}/reject`, { reason: 'No' }),
      403,
    );
    const approved = await as(treasurer.token, 'POST', `/api/admin/loans/${loanId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);

    // The payout: the guarantor neither proposes it nor confirms the treasurer's proposal.
    expectError(await as(guarantor.token, 'POST', `/api/admin/loans/${loanId}/disburse`), 403);
    const proposed = await as(treasurer.token, 'POST', `/api/admin/loans/${loanId}/disburse`);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expectError(await as(guarantor.token, 'POST', `/api/admin/loans/${loanId}/disburse`), 403);
    const loan = async () =>
      (await as(chair.token, 'GET', `/api/admin/loans/${loanId}`)).json().state as string;
    expect(await loan()).toBe('approved');
    const paid = await as(chair.token, 'POST', `/api/admin/loans/${loanId}/disburse`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await loan()).toBe('active');

    expectError(
      await as(guarantor.token, 'POST', `/api/admin/loans/${loanId}/write-off`, {
        reason: 'The borrower left the country',
      }),
      403,
    );
  });
});
