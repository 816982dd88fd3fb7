import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onUnauthorized, startEarly } from './api-client.ts';
import { getToken, setToken } from './session-store.ts';

function stubFetch() {
  let n = 0;
  const fetchMock = vi.fn(async () => {
    n += 1;
    return new Response(JSON.stringify({ n }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('requests started early for a deep link', () => {
  afterEach(() => vi.useRealTimers());

  it('the first call for the path takes the early answer, once; later calls ask again', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    const fetchMock = stubFetch();
    startEarly(['/api/profile']);
    expect(fetchMock).not.toHaveBeenCalled(); // sent from a task of its own
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(await api('/api/profile')).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await api('/api/profile')).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used for another token, nor when it is more than a few seconds old', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    const fetchMock = stubFetch();
    startEarly(['/api/profile', '/api/settings']);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    setToken('token-b'.padEnd(43, 'x'));
    expect(await api('/api/profile')).toEqual({ n: 3 });

    setToken('token-b'.padEnd(43, 'x'));
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    startEarly(['/api/my-account-data']);
    vi.setSystemTime(Date.now() + 11_000);
    await api('/api/my-account-data');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5)); // 3 early, 2 of the app's own
  });

  it('reads an answer that no page claims, so its request does not stay open', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    const answer = new Response(JSON.stringify({ settings: true }), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer),
    );
    startEarly(['/api/settings']);
    await vi.waitFor(() => expect(answer.bodyUsed).toBe(true));
  });

  it('keeps the status and the body of an early error for the call that takes it', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status_code: 404, message: 'Not here.' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    startEarly(['/api/my-loans?limit=20']);
    await expect(api('/api/my-loans?limit=20')).rejects.toMatchObject({
      status: 404,
      message: 'Not here.',
    });
  });

  it('starts nothing without a token', () => {
    const fetchMock = stubFetch();
    startEarly(['/api/profile']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a refused token', () => {
  const refuse = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { status_code: 401, message: 'Your session has ended. Please sign in again.' },
          { status: 401 },
        ),
      ),
    );

  it('ends the session when it is still the phone’s', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    refuse();
    const ended = vi.fn();
    const stop = onUnauthorized(ended);
    await expect(api('/api/profile')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(getToken()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ends nothing once another sign-in has replaced it: the new session goes on', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    setToken('token-b'.padEnd(43, 'x'));
    refuse();
    const ended = vi.fn();
    const stop = onUnauthorized(ended);
    // A payment kept for the first session goes with its own token, and is refused.
    await expect(
      api('/api/save-monthly-payment', { token: 'token-a'.padEnd(43, 'x') }),
    ).rejects.toMatchObject({ status: 401 });
    stop();
    expect(getToken()).toBe('token-b'.padEnd(43, 'x'));
    expect(ended).not.toHaveBeenCalled();
  });
});
