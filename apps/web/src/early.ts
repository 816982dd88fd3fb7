import { startEarly } from './lib/api-client.ts';
import { getToken, hasNoMemberArea } from './lib/session-store.ts';

// A member's deep link: its first requests start as soon as this small module runs, beside the
// page's code (lib/api-client.ts). The member pages' HTML names it as a script of its own, so
// it runs before the app's entry has arrived (scripts/prerender.mjs); main.tsx imports it for
// every other page.

const withLoans = ['/user', '/user/monthly-pay', '/user/apply-loan', '/user/my-loan'];
const withSettings = ['/user', '/user/monthly-pay', '/user/apply-loan', '/user/mobile-recharge'];

/**
 * What a member page asks for first: every member page shows the layout (profile, account
 * data); these also read the loan or the settings. Nothing for other pages.
 */
export function earlyRequests(pathname: string): string[] {
  const page = pathname.replace(/\/$/, '');
  if (page !== '/user' && !page.startsWith('/user/')) return [];
  // An admin who is not a member is sent on to /admin (RequireSession) with its profile alone.
  if (hasNoMemberArea()) return ['/api/profile'];
  return [
    '/api/profile',
    '/api/my-account-data',
    ...(withLoans.includes(page) ? ['/api/my-loans?limit=20'] : []),
    ...(withSettings.includes(page) ? ['/api/settings'] : []),
  ];
}

/**
 * Loads the language's formatting data in a worker, while the page's code is on its way
 * (icu-warmup.worker.ts): a member page's first render formats amounts and dates. Settles
 * when the worker has made its formats, or at once if there is no worker to make them (a
 * browser without workers, or a policy that refuses this one): the page's first render then
 * loads the data itself, as it did before.
 */
export function warmUpFormats(locale = document.documentElement.lang || 'en'): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    try {
      const worker = new Worker(new URL('./icu-warmup.worker.ts', import.meta.url), {
        name: locale,
      });
      worker.addEventListener('message', () => resolve());
      worker.addEventListener('error', () => resolve());
    } catch {
      resolve();
    }
  });
}

const requests = earlyRequests(window.location.pathname);
startEarly(requests);
/**
 * Settles once the language's formatting data is loaded, on a member page that will render
 * (with no token it goes to /sign-in); at once elsewhere. The worker starts in a task of its
 * own, after the requests', as starting a worker takes the main thread some 30 ms. main.tsx
 * waits for it (a moment at most) before the app's first render: made in that render instead,
 * the first date format alone took 35 to 57 ms of the main thread here, in one piece.
 */
export const areFormatsReady: Promise<void> =
  requests.length && getToken()
    ? new Promise((resolve) => setTimeout(() => void warmUpFormats().then(resolve)))
    : Promise.resolve();
