import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { clearToken, setToken } from './session-store.ts';

describe('the app query client', () => {
  afterEach(() => clearToken());

  it('asks nothing of the server without a session, as a page still open when sign-out ends', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'figures');
    const stop = new QueryObserver(client, { queryKey: ['accountData'], queryFn }).subscribe(
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queryFn).not.toHaveBeenCalled();
    stop();

    setToken('a-session');
    const again = new QueryObserver(client, { queryKey: ['accountData'], queryFn }).subscribe(
      () => undefined,
    );
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    again();
  });
});
