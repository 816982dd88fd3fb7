import '../testing/fake-indexeddb.ts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as KeptFigures from './kept-figures.ts';

// The figures kept on the phone (IndexedDB, testing/fake-indexeddb.ts), as page loads see them:
// each load is a new module and a new query client, as a reload is (`pageLoad`).
const MEMBER = 7;
/** A moment a few minutes ago: `ago(2)` is before `ago(1)`. */
const NOW = Date.now();
const ago = (minutes: number) => NOW - minutes * 60_000;
const OTHER = 8;

let loaded: typeof KeptFigures | undefined;

/** A full page load: the module anew, a client of its own, the kept figures put back. */
async function pageLoad(accountId = MEMBER, before?: (client: QueryClient) => void) {
  vi.resetModules();
  loaded = await import('./kept-figures.ts');
  const client = new QueryClient();
  before?.(client);
  await loaded.keepFigures(client, accountId);
  return client;
}

/** An answer that came from the server, `at` a time of its own. */
const answer = (client: QueryClient, key: string, data: unknown, at = Date.now()) =>
  client.setQueryData([key], data, { updatedAt: at });

/** Until the answers just set are written (each on its own, as it comes). */
const written = () => new Promise((resolve) => setTimeout(resolve, 50));

const dataOf = (client: QueryClient, key: string) => client.getQueryData([key]);

afterEach(async () => {
  await loaded?.forgetFigures();
  loaded = undefined;
});

describe('the figures kept on the phone', () => {
  it('keeps each answer on its own: a page that fetches only its own leaves the others', async () => {
    const home = await pageLoad();
    answer(home, 'accountData', { balance: 100 }, ago(3));
    answer(home, 'myLoans', { items: ['loan'] }, ago(3));
    await written();

    // /user/my-bonus, loaded last, fetches the bonus and the account, not the loans.
    const bonus = await pageLoad();
    answer(bonus, 'accountData', { balance: 120 }, ago(2));
    answer(bonus, 'myBonus', { share: 5 }, ago(2));
    await written();

    const later = await pageLoad();
    expect(dataOf(later, 'myLoans')).toEqual({ items: ['loan'] });
    expect(dataOf(later, 'myBonus')).toEqual({ share: 5 });
    expect(dataOf(later, 'accountData')).toEqual({ balance: 120 });
    // Each with the time it came, for the offline banner.
    expect(later.getQueryState(['myLoans'])?.dataUpdatedAt).toBe(ago(3));
    expect(later.getQueryState(['myBonus'])?.dataUpdatedAt).toBe(ago(2));
  });

  it('keeps what was put back in memory while no page shows it, for a page opened later', async () => {
    const home = await pageLoad();
    answer(home, 'myLoans', { items: ['loan'] });
    await written();
    const later = await pageLoad();
    // Longer than the 30 days' timeout once fired at once (over 2^31 - 1 ms) and dropped it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(dataOf(later, 'myLoans')).toEqual({ items: ['loan'] });
  });

  it('writes what the page fetched before the kept figures were read, and keeps a newer answer', async () => {
    answer(await pageLoad(), 'settings', { rate: 7 }, ago(3));
    await written();
    // The page's own answer came before the phone's copy was read: it stays, and is kept.
    const client = await pageLoad(MEMBER, (c) => answer(c, 'settings', { rate: 8 }, ago(1)));
    expect(dataOf(client, 'settings')).toEqual({ rate: 8 });
    await written();
    expect(dataOf(await pageLoad(), 'settings')).toEqual({ rate: 8 });
  });

  it('never asks again for an answer that came while the kept figures were read', async () => {
    vi.resetModules();
    loaded = await import('./kept-figures.ts');
    const client = new QueryClient();
    const reading = loaded.keepFigures(client, MEMBER);
    // A first session: the home's answers come while the phone's (empty) store is read.
    answer(client, 'myLoans', { items: [] });
    answer(client, 'settings', { rate: 7 });
    await reading;
    await written();
    expect(client.getQueryState(['myLoans'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['settings'])?.isInvalidated).toBe(false);
    // And both are kept for the next load.
    expect(dataOf(await pageLoad(), 'settings')).toEqual({ rate: 7 });
  });

  it('never asks twice for an answer the page is already asking for when the kept one is put back', async () => {
    answer(await pageLoad(), 'accountData', { balance: 100 }, ago(3));
    await written();
    vi.resetModules();
    loaded = await import('./kept-figures.ts');
    const client = new QueryClient();
    let asked = 0;
    let answerNow: (data: unknown) => void = () => undefined;
    // The page's early request for the account, still on its way when the phone's is read.
    const queryFn = () => {
      asked++;
      return new Promise((resolve) => (answerNow = resolve));
    };
    void client.prefetchQuery({ queryKey: ['accountData'], queryFn });
    // On the screen: a query with an observer is asked again when invalidated.
    const stop = new QueryObserver(client, { queryKey: ['accountData'], queryFn }).subscribe(
      () => undefined,
    );
    await loaded.keepFigures(client, MEMBER);
    answerNow({ balance: 120 });
    await written();
    expect(asked).toBe(1);
    expect(dataOf(client, 'accountData')).toEqual({ balance: 120 });
    stop();
    expect(dataOf(await pageLoad(), 'accountData')).toEqual({ balance: 120 });
  });

  it('keeps only the member’s own answers: not a file, not the treasurer’s', async () => {
    const client = await pageLoad();
    answer(client, 'profile', { name: 'Yusuf' });
    client.setQueryData(['file', '/api/files/1'], 'a photo');
    client.setQueryData(['admin', 'overview'], { fund: 1 });
    client.setQueryData(['messages', 'thread', 'poll'], 0);
    await written();
    const later = await pageLoad();
    expect(dataOf(later, 'profile')).toEqual({ name: 'Yusuf' });
    expect(
      later
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([['profile']]);
  });

  it('never puts back another account’s answers, and drops them', async () => {
    answer(await pageLoad(OTHER), 'accountData', { balance: 999 });
    await written();
    expect(dataOf(await pageLoad(MEMBER), 'accountData')).toBeUndefined();
    expect(dataOf(await pageLoad(OTHER), 'accountData')).toBeUndefined();
  });

  it('forgets them all at a sign-out', async () => {
    const client = await pageLoad();
    answer(client, 'accountData', { balance: 100 });
    await written();
    await loaded!.forgetFigures();
    expect(dataOf(await pageLoad(), 'accountData')).toBeUndefined();
  });
});
