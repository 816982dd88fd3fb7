import { afterEach, describe, expect, it, vi } from 'vitest';
import { areFormatsReady, earlyRequests, warmUpFormats } from './early.ts';
import { loadMemberData } from './app/member-data.ts';
import { queryClient } from './app/query-provider.tsx';
import { startEarly } from './lib/api-client.ts';
import { setHasMemberArea, setToken } from './lib/session-store.ts';

describe('earlyRequests', () => {
  it('starts the layout’s requests on every member page, and what the page reads besides', () => {
    const layout = ['/api/profile', '/api/my-account-data'];
    expect(earlyRequests('/user')).toEqual([...layout, '/api/my-loans?limit=20', '/api/settings']);
    expect(earlyRequests('/user/')).toEqual(earlyRequests('/user'));
    expect(earlyRequests('/user/my-loan')).toEqual([...layout, '/api/my-loans?limit=20']);
    expect(earlyRequests('/user/mobile-recharge')).toEqual([...layout, '/api/settings']);
    expect(earlyRequests('/user/notifications')).toEqual(layout);
  });

  it('asks an admin who is not a member for the profile alone, which sends them to /admin', () => {
    setToken('token-a'.padEnd(43, 'x'));
    setHasMemberArea(false);
    expect(earlyRequests('/user')).toEqual(['/api/profile']);
    expect(earlyRequests('/user/monthly-pay')).toEqual(['/api/profile']);
    setHasMemberArea(true);
    expect(earlyRequests('/user')).toContain('/api/my-account-data');
    setHasMemberArea(false);
    setToken('token-b'.padEnd(43, 'x'));
    // Another sign-in forgets it until the new profile says.
    expect(earlyRequests('/user')).toContain('/api/my-account-data');
  });

  it('starts nothing outside the member area', () => {
    for (const path of ['/', '/sign-in', '/admin', '/admin/payments', '/username', '/users'])
      expect(earlyRequests(path), path).toEqual([]);
  });

  it('asks for the very URLs the pages’ queries read: each query takes its early answer', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    // The account data's query takes the answer's myAccountData.
    const fetchMock = vi.fn(async (url: string) => Response.json({ url, myAccountData: { url } }));
    vi.stubGlobal('fetch', fetchMock);
    const requests = earlyRequests('/user');
    startEarly(requests);
    await loadMemberData(requests).isLoaded;
    expect(fetchMock).toHaveBeenCalledTimes(requests.length); // none asked twice
    expect(queryClient.getQueryData(['profile'])).toMatchObject({ url: requests[0] });
    expect(queryClient.getQueryData(['accountData'])).toEqual({ url: requests[1] });
    expect(queryClient.getQueryData(['myLoans'])).toMatchObject({ url: requests[2] });
    expect(queryClient.getQueryData(['settings'])).toMatchObject({ url: requests[3] });
  });

  it('tells when the session check’s answer is here, before the rest of the data', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    let answerTheRest!: () => void;
    const theRest = new Promise<void>((resolve) => (answerTheRest = resolve));
    vi.stubGlobal('fetch', async (url: string) => {
      if (url !== '/api/profile') await theRest;
      return Response.json({ url, myAccountData: { url } });
    });
    const requests = earlyRequests('/user/apply-loan');
    startEarly(requests);
    const { isSessionChecked, isLoaded } = loadMemberData(requests);
    let isAllLoaded = false;
    void isLoaded.then(() => (isAllLoaded = true));

    await isSessionChecked;
    expect(queryClient.getQueryData(['profile'])).toMatchObject({ url: '/api/profile' });
    expect(isAllLoaded).toBe(false);
    answerTheRest();
    await isLoaded;
    expect(queryClient.getQueryData(['settings'])).toMatchObject({ url: '/api/settings' });
  });

  it('has no session check to wait for on a page that asks for no profile', async () => {
    const { isSessionChecked, isLoaded } = loadMemberData([]);
    await expect(isSessionChecked).resolves.toEqual([{ status: 'fulfilled', value: undefined }]);
    await expect(isLoaded).resolves.toEqual([]);
  });
});

describe('warmUpFormats', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A Worker that records how it was started and lets the test say what it did. */
  function stubWorker() {
    const started: { url: string; name?: string | undefined; emit: (type: string) => void }[] = [];
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        constructor(url: URL | string, options?: WorkerOptions) {
          super();
          started.push({
            url: String(url),
            name: options?.name,
            emit: (type) => this.dispatchEvent(new Event(type)),
          });
        }
      },
    );
    return started;
  }

  /** Whether a promise has settled by the next task. */
  async function isSettled(promise: Promise<unknown>): Promise<boolean> {
    let settled = false;
    void promise.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve));
    return settled;
  }

  it('starts the worker that loads the language’s formatting data, named after the language', () => {
    const started = stubWorker();
    void warmUpFormats('ar');
    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/icu-warmup\.worker\.ts/);
    expect(started[0]!.name).toBe('ar');
  });

  it('settles when the worker says its formats are made, not before', async () => {
    const started = stubWorker();
    const ready = warmUpFormats('en');
    expect(await isSettled(ready)).toBe(false);
    started[0]!.emit('message');
    expect(await isSettled(ready)).toBe(true);
  });

  it('settles when the worker fails, as the page then makes its formats itself', async () => {
    const started = stubWorker();
    const ready = warmUpFormats('en');
    started[0]!.emit('error');
    expect(await isSettled(ready)).toBe(true);
  });

  it('has nothing to wait for outside the member pages (the tests run at /), and starts no worker', async () => {
    expect(window.location.pathname).toBe('/');
    const started = stubWorker();
    expect(await isSettled(areFormatsReady)).toBe(true);
    expect(started).toHaveLength(0);
  });

  it('settles at once in a browser without workers, or one whose policy refuses this one', async () => {
    vi.stubGlobal('Worker', undefined);
    expect(await isSettled(warmUpFormats('en'))).toBe(true);
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    );
    expect(await isSettled(warmUpFormats('en'))).toBe(true);
  });
});
