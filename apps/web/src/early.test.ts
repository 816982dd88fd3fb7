import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyRequests } from './early.ts';
import { loadMemberData } from './app/member-data.ts';
import { earlyPathsOf, PAGE_ROUTES } from './app/routes.ts';
import { queryClient } from './app/query-provider.tsx';
import { startEarly } from './lib/api-client.ts';
import { setHasMemberArea, setToken } from './lib/session-store.ts';
import { getSettingsQueryOptions } from './api/get-settings.ts';

/** The page's HTML as the build writes it for a route of the table (scripts/prerender.mjs). */
function servePageOf(path: string) {
  document.head.querySelector('meta[name="early-calls"]')?.remove();
  const route = PAGE_ROUTES.find((r) => r.path === path)!;
  const calls = earlyPathsOf(route);
  if (!calls.length) return;
  const meta = document.createElement('meta');
  meta.name = 'early-calls';
  meta.content = calls.join(' ');
  document.head.append(meta);
}

describe('earlyRequests', () => {
  afterEach(() => document.head.querySelector('meta[name="early-calls"]')?.remove());

  it('starts the layout’s requests on every member page, and what the page reads besides', () => {
    const layout = ['/api/profile', '/api/my-account-data'];
    const calls = (path: string) => (servePageOf(path), earlyRequests());
    expect(calls('/user')).toEqual([...layout, '/api/my-loans?limit=20', '/api/settings']);
    expect(calls('/user/my-loan')).toEqual([...layout, '/api/my-loans?limit=20']);
    expect(calls('/user/mobile-recharge')).toEqual([...layout, '/api/settings']);
    expect(calls('/user/notifications')).toEqual(layout);
  });

  it('asks an admin who is not a member for the profile alone, which sends them to /admin', () => {
    servePageOf('/user/monthly-pay');
    setToken('token-a'.padEnd(43, 'x'));
    setHasMemberArea(false);
    expect(earlyRequests()).toEqual(['/api/profile']);
    setHasMemberArea(true);
    expect(earlyRequests()).toContain('/api/my-account-data');
    setHasMemberArea(false);
    setToken('token-b'.padEnd(43, 'x'));
    // Another sign-in forgets it until the new profile says.
    expect(earlyRequests()).toContain('/api/my-account-data');
  });

  it('starts nothing outside the member area', () => {
    for (const path of ['/', '/sign-in', '/set-password', '/admin', '/admin/payments']) {
      servePageOf(path);
      expect(earlyRequests(), path).toEqual([]);
    }
  });

  it('asks for the very URLs the pages’ queries read: each query takes its early answer', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    // The account data's query takes the answer's myAccountData; the profile's, its userData.
    const fetchMock = vi.fn(async (url: string) =>
      Response.json({ url, myAccountData: { url }, userData: { id: 7 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    servePageOf('/user');
    const requests = earlyRequests();
    startEarly(requests);
    await loadMemberData(requests).isLoaded;
    expect(fetchMock).toHaveBeenCalledTimes(requests.length); // none asked twice
    expect(queryClient.getQueryData(['profile'])).toMatchObject({ url: requests[0] });
    expect(queryClient.getQueryData(['accountData'])).toEqual({ url: requests[1] });
    expect(queryClient.getQueryData(['myLoans'])).toMatchObject({ url: requests[2] });
    expect(queryClient.getQueryData(getSettingsQueryOptions().queryKey)).toMatchObject({
      url: requests[3],
    });
  });

  it('tells when the session check’s answer is here, before the rest of the data', async () => {
    setToken('token-a'.padEnd(43, 'x'));
    let answerTheRest!: () => void;
    const theRest = new Promise<void>((resolve) => (answerTheRest = resolve));
    vi.stubGlobal('fetch', async (url: string) => {
      if (url !== '/api/profile') await theRest;
      return Response.json({ url, myAccountData: { url }, userData: { id: 7 } });
    });
    servePageOf('/user/apply-loan');
    const requests = earlyRequests();
    startEarly(requests);
    const { isSessionChecked, isLoaded } = loadMemberData(requests);
    let isAllLoaded = false;
    void isLoaded.then(() => (isAllLoaded = true));

    await isSessionChecked;
    expect(queryClient.getQueryData(['profile'])).toMatchObject({ url: '/api/profile' });
    expect(isAllLoaded).toBe(false);
    answerTheRest();
    await isLoaded;
    expect(queryClient.getQueryData(getSettingsQueryOptions().queryKey)).toMatchObject({
      url: '/api/settings',
    });
  });

  it('has no session check to wait for on a page that asks for no profile', async () => {
    const { isSessionChecked, isLoaded } = loadMemberData([]);
    await expect(isSessionChecked).resolves.toEqual([{ status: 'fulfilled', value: undefined }]);
    await expect(isLoaded).resolves.toEqual([]);
  });
});
