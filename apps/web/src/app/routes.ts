// The route table: the layouts, and every page of the web app by area (routes/*.ts).
import { ACCOUNT_DATA, PROFILE, type EarlyPath } from '../api/paths.ts';
import { ADMIN_AREA } from './routes/admin.ts';
import { MEMBER_AREA } from './routes/member.ts';
import {
  page,
  type Layout,
  type LazyModule,
  type PageRoute,
  type RedirectRoute,
  type Start,
} from './routes/page.ts';
import { PUBLIC_AREA } from './routes/public.ts';

export type { Layout, LazyModule, PageRoute, RedirectRoute, Start } from './routes/page.ts';
export { RECHARGE_FORM } from './routes/member.ts';

// Every page of the web app, once. The router (app.tsx), the route's early requests
// (early.ts), the build's per-route HTML (scripts/prerender.mjs) and the bundle budget
// (scripts/bundle-size.mjs) all read this table; adding a page is a row in its area's file
// (routes/public.ts, member.ts, admin.ts) and the page's own folder (docs/boot.md). Plain data,
// so that the build's scripts can import it.

/**
 * The layouts around the pages, outermost first, each wrapping the next (app.tsx); the
 * public one comes with the first load. `early`: what every page inside reads first; `start`:
 * how its pages start unless they say otherwise.
 */
export const LAYOUTS: Record<
  Layout,
  { path: string; modules: readonly LazyModule[]; early: readonly EarlyPath[]; start: Start }
> = {
  public: { path: '/', modules: [], early: [], start: 'drawn' },
  member: {
    path: '/user',
    modules: [
      page('auth/require-session'),
      // The layout's own texts come with the first load; its notification bell's do not.
      page('layout/member-layout', 'notifications'),
    ],
    early: [PROFILE, ACCOUNT_DATA],
    start: 'drawn',
  },
  admin: {
    path: '/admin',
    modules: [
      page('auth/require-session'),
      page('admin/require-admin'),
      page('admin/admin-layout'),
    ],
    early: [],
    start: 'spinner',
  },
};

/** Shown for a path no route knows, inside the layout of where it was asked. */
export const NOT_FOUND = page('public/not-found-page');

export const ROUTES: readonly (PageRoute | RedirectRoute)[] = [
  ...PUBLIC_AREA,
  ...MEMBER_AREA,
  ...ADMIN_AREA,
];

export const isPageRoute = (route: PageRoute | RedirectRoute): route is PageRoute =>
  'page' in route;

export const PAGE_ROUTES: readonly PageRoute[] = /* @__PURE__ */ ROUTES.filter(isPageRoute);

/** How a route's HTML starts: as it says, or as its layout's pages do. */
export function startOf(route: PageRoute): Start {
  return route.start ?? LAYOUTS[route.layout].start;
}

/** What a route's HTML starts before its code (early.ts): its layout's calls, then its own. */
export function earlyPathsOf(route: PageRoute): EarlyPath[] {
  return [...LAYOUTS[route.layout].early, ...(route.early ?? [])];
}
