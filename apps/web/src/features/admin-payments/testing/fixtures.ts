import { vi } from 'vitest';
import type { z } from 'zod';
import type { BankStatement, unseenPayments } from '@jamiya/contracts/bank';
import type { AdminPayment } from '@jamiya/contracts/payments';
import { RAHUL } from '../../../testing/admin-fixtures.ts';

// Answers shaped like the admin API's (packages/contracts/src), from the demo data.

/** A dues submission of October by default; a loan repayment gets no `dues_month`. */
export function adminPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: 21,
    kind: 'dues',
    month: 'October 2026',
    period: '2026-10',
    loan_id: null,
    amount: 200,
    approved_amount: null,
    account_number: 'AE07 0331 2345 6789 0123 456',
    transfer_date: null,
    bank_reference: null,
    status: 'pending',
    review_note: null,
    receipt_url: '/api/files/57479314-0de0-4ddd-95a9-6ecf5f998d7f',
    created_at: '2026-11-05T08:00:00.000Z',
    reviewed_at: null,
    member: RAHUL,
    dues_month:
      overrides.kind === 'loan_repayment' ? null : { due: 200, fine: 0, paid: 0, remaining: 200 },
    possible_duplicates: [],
    ...overrides,
  };
}

/** October 2026's statement of the association's bank, imported by the treasurer. */
export function bankStatement(overrides: Partial<BankStatement> = {}): BankStatement {
  return {
    id: 4,
    format: 'csv',
    bank: 'Emirates NBD',
    file_name: 'october-2026.csv',
    from: '2026-10-01',
    to: '2026-10-31',
    opening_balance: 12_000,
    closing_balance: 15_400,
    lines: 18,
    new_lines: 18,
    duplicate_lines: 0,
    imported_by: { id: 1, unique_id: 'JM000001', name: 'Fatima Al Mansoori' },
    imported_at: '2026-11-06T09:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/admin/bank-statements/unseen: these receipts are not in `statement`. */
export function unseenAnswer(
  paymentIds: number[],
  statement: Pick<BankStatement, 'id' | 'bank' | 'from' | 'to'> = bankStatement(),
): z.infer<typeof unseenPayments> {
  return {
    items: paymentIds.map((payment_id) => ({
      payment_id,
      statement: { id: statement.id, bank: statement.bank, from: statement.from, to: statement.to },
    })),
  };
}

/**
 * Stored files answer with their own type (stubApi answers JSON only): wraps the stubbed
 * fetch so /api/files/... gives a blob of `type`.
 */
export function stubFiles(type = 'image/png') {
  const inner = globalThis.fetch;
  const files: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/files/')) {
      files.push(url);
      return new Response(new Uint8Array([1, 2, 3]), {
        status: 200,
        headers: { 'content-type': type },
      });
    }
    return inner(input, init);
  });
  return files;
}
