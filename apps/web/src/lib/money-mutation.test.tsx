import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rechargeBody } from '../testing/api-fixtures.ts';
import { stubApi } from '../testing/render.tsx';
import { useApprovePayment } from '../features/admin-payments/api/admin-payments.ts';
import {
  useRequestRecharge,
  type RechargeCreated,
} from '../features/recharge/api/request-recharge.ts';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retryDelay: 1 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const created: RechargeCreated = {
  message: 'Your recharge request is sent.',
  request: rechargeBody(),
};
const body = { operator: 'jio' as const, number: '9876543210', amount: 50 };

afterEach(() => vi.unstubAllGlobals());

describe('money calls carry an Idempotency-Key', () => {
  it('a lost answer is sent again with the same key; the next submission has a new one', async () => {
    let calls = 0;
    const requests = stubApi({
      'POST /api/recharge-requests': () => {
        calls += 1;
        // The first request reached the server but its answer was lost on the way back.
        if (calls === 1) throw new TypeError('Failed to fetch');
        return { status: 201, body: created };
      },
    });
    const { result } = renderHook(() => useRequestRecharge(), { wrapper });
    await act(() => result.current.mutateAsync(body));
    expect(requests).toHaveLength(2);
    const [first, retry] = requests.map((r) => r.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);

    await act(() => result.current.mutateAsync({ ...body }));
    expect(requests).toHaveLength(3);
    expect(requests[2]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(requests[2]!.headers.get('idempotency-key')).not.toBe(first);
  });

  it('an answer from the server (here 409) is not retried', async () => {
    const requests = stubApi({
      'POST /api/admin/payments/5/approve': () => ({
        status: 409,
        body: { status_code: 409, message: 'This receipt was already approved.' },
      }),
    });
    const { result } = renderHook(() => useApprovePayment(), { wrapper });
    act(() => result.current.mutate({ id: 5 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives up after two retries of a lost answer, all with the one key', async () => {
    const requests = stubApi({
      'POST /api/recharge-requests': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { result } = renderHook(() => useRequestRecharge(), { wrapper });
    act(() => result.current.mutate(body));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers.get('idempotency-key'))).size).toBe(1);
  });
});
