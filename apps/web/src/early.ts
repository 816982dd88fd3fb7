import { PROFILE, type EarlyPath } from './api/paths.ts';
import { startEarly } from './lib/api-client.ts';
import { hasNoMemberArea } from './lib/session-store.ts';

// A member's deep link: its first requests start as soon as this small module runs, beside the
// page's code (lib/api-client.ts). The member pages' HTML names it as a script of its own, so
// it runs before the app's entry has arrived (scripts/prerender.mjs); main.tsx imports it for
// every other page.

/**
 * What this page asks for first: the calls its HTML names in `<meta name="early-calls">`, which
 * the build writes from the route table (app/routes.ts: the layout's calls and the page's own),
 * so that this script, which every page loads, does not carry the table. None elsewhere.
 */
export function earlyRequests(): EarlyPath[] {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="early-calls"]');
  // Without a network the page opens with the figures kept on the phone (lib/kept-figures.ts).
  if (!navigator.onLine) return [];
  const calls = (meta?.content.split(' ').filter(Boolean) ?? []) as EarlyPath[];
  // An admin who is not a member is sent on to /admin (RequireSession) with its profile alone.
  return calls.length && hasNoMemberArea() ? [PROFILE] : calls;
}

startEarly(earlyRequests());
