import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { openPhone } from './phone.ts';

// The app's service worker as the specs about the installed app see it (pwa.spec.ts,
// offline-pages.spec.ts): it runs in those specs only (playwright.config blocks it elsewhere).

/** A phone (390 px) whose service worker runs. */
export const phoneWithWorker = (browser: Browser) =>
  openPhone(browser, { serviceWorkers: 'allow' });

/** The paths the worker keeps, in every cache of the app. */
export function keptFiles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys())
        paths.push(new URL(request.url).pathname);
    return paths;
  });
}

/** Once the worker controls the page and has kept what the page loaded before it came. */
export async function workerInstalled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 20_000,
  });
  await expect.poll(() => keptFiles(page), { timeout: 20_000 }).toContain('/app-shell');
  // A file still on its way when the worker came is kept with the member pages' files, once the
  // page is quiet (lib/app-updates.ts): until then a reload without a network would miss it.
  await expect.poll(() => loadedFilesMissing(page), { timeout: 20_000 }).toEqual([]);
}

/** The app's files this page has loaded that the worker has not kept. */
async function loadedFilesMissing(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname),
  );
  const kept = new Set(await keptFiles(page));
  return loaded.filter((file) => !kept.has(file));
}

/** The files of the member pages in `language` (the build's list) that the worker has not kept. */
export async function memberFilesMissing(page: Page, language = 'en'): Promise<string[]> {
  const listed = (await (await page.request.get(`/offline/${language}.json`)).json()) as string[];
  const kept = new Set(await keptFiles(page));
  return listed.filter((file) => !kept.has(file));
}

/** The figures kept on the phone (lib/kept-figures.ts), as stored in IndexedDB: their JSON. */
export function keptFigures(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('jamiya-kept');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('figures')) return resolve('');
          const read = db.transaction('figures').objectStore('figures').getAll();
          read.onsuccess = () => resolve(JSON.stringify(read.result));
        };
      }),
  );
}
