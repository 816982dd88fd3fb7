import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRequests, warmUpFormats } from './early.ts';
import { loadMemberData } from './app/member-data.ts';
import { queryClient } from './app/query-provider.tsx';
import { startEarly } from './lib/api-client.ts';
import { setToken } from './lib/session-store.ts';

describe('earlyRequests', () => {
  it('starts the layout’s requests on every member page, and what the page reads besides', () => {
    const layout = ['/api/profile', '/api/my-account-data'];
    expect(earlyRequests('/user')).toEqual([...layout, '/api/my-loans?limit=20', '/api/settings']);
    expect(earlyRequests('/user/')).toEqual(earlyRequests('/user'));
    expect(earlyRequests('/user/my-loan')).toEqual([...layout, '/api/my-loans?limit=20']);
    expect(earlyRequests('/user/mobile-recharge')).toEqual([...layout, '/api/settings']);
    expect(earlyRequests('/user/notifications')).toEqual(layout);
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

  it('starts the worker that loads the language’s formatting data, named after the language', () => {
    const started: { url: string; name?: string }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL | string, options?: WorkerOptions) {
          started.push({ url: String(url), name: options?.name });
        }
      },
    );
    warmUpFormats('ar');
    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/icu-warmup\.worker\.ts/);
    expect(started[0]!.name).toBe('ar');
  });

  it('does nothing in a browser without workers', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => warmUpFormats('en')).not.toThrow();
  });
});
