import { ACCOUNT_DATA, MY_LOANS, PROFILE, SETTINGS, type EarlyPath } from '../api/paths.ts';

// Every page of the web app, once. The router (router.tsx), the route's early requests
// (early.ts), the build's per-route HTML (scripts/prerender.mjs) and the bundle budget
// (scripts/bundle-size.mjs) all read this table; adding a page is a row here and the page's
// own folder (docs/boot.md). Plain data, so that the build's scripts can import it.

/**
 * How a route's HTML starts the app (docs/boot.md):
 * - `drawn`: the build draws the page, so it shows before any script has run, and its code is
 *   asked for after that first paint. A public page is then hydrated; a member page is drawn as
 *   it looks before its data and the app renders in its place once its code and data are here.
 * - `drawn-eager`: a member page drawn as above whose code is asked for at once, beside the
 *   stylesheet: its largest paint is its data, which needs the code (the home: 2.1 s instead
 *   of 2.9 s on Lighthouse's slow phone, decision 027).
 * - `spinner`: the HTML shows the session check's spinner and asks for the code at once. For
 *   signed-in pages whose drawing would have fields (what is typed there would be lost when
 *   the app renders in its place) and for the treasurer's pages.
 * - `client`: nothing drawn; the app renders when its code has come (pages that read the
 *   visitor's link).
 */
export type Start = 'drawn' | 'drawn-eager' | 'spinner' | 'client';

export type Layout = 'public' | 'member' | 'admin';

/** A module the router loads on demand: its file under src/, the component it exports. */
export type LazyModule = { file: string; component: string; texts?: string };

export type PageRoute = {
  path: string;
  layout: Layout;
  page: LazyModule;
  /**
   * What the page shows of another feature's (features do not import each other): each given
   * to the page as a prop of its name, a function that loads the module's component and its
   * texts, as React.lazy takes it (router.tsx `loadPart`), for the page to ask when it wants.
   */
  parts?: Readonly<Record<string, LazyModule>>;
  /** How its HTML starts, if not as its layout's pages do (`LAYOUTS`). */
  start?: Start;
  /** Calls the page reads besides its layout's, started before its code arrives. */
  early?: readonly EarlyPath[];
};

export type RedirectRoute = { path: string; layout: Layout; redirect: string };

/**
 * A page, layout, guard or part: `page('dues/monthly-pay-page')` is the component `MonthlyPayPage`
 * of src/features/dues/components/monthly-pay-page.tsx, loaded with its feature's texts
 * (`dues`). Texts of another namespace (or `null`, none) and a component not named after its
 * file are named after it.
 */
function page(module: string, texts?: string | null, component?: string): LazyModule {
  const [feature, name] = module.split('/') as [string, string];
  const namespace = texts === undefined ? feature : texts;
  return {
    file: `features/${feature}/components/${name}.tsx`,
    component:
      component ?? name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase()),
    ...(namespace ? { texts: namespace } : {}),
  };
}

/**
 * The layouts around the pages, outermost first, each wrapping the next (router.tsx); the
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

/** The recharge form of features/recharge, which the member's home also shows. */
export const RECHARGE_FORM = page('recharge/mobile-recharge-form');

export const ROUTES: readonly (PageRoute | RedirectRoute)[] = [
  // The landing page is the one page of the first load (router.tsx imports it).
  {
    path: '/',
    layout: 'public',
    page: page('landing/landing-page'),
  },
  {
    path: '/about',
    layout: 'public',
    page: page('public/about-page'),
  },
  {
    path: '/sign-in',
    layout: 'public',
    page: page('auth/sign-in-page'),
  },
  {
    path: '/join',
    layout: 'public',
    page: page('public/join-page'),
  },
  {
    path: '/forgot-password',
    layout: 'public',
    page: page('public/forgot-password-page'),
  },
  {
    path: '/set-password',
    layout: 'public',
    page: page('public/set-password-page'),
    start: 'client',
  },
  // Targets of the original menus that have no page of their own lead to the real pages.
  { path: '/mobile-recharge', layout: 'public', redirect: '/user/mobile-recharge' },
  { path: '/contact', layout: 'public', redirect: '/user/contact-chat' },

  {
    path: '/user',
    layout: 'member',
    page: page('home/member-home-page'),
    // Below the figures, asked for once they have painted.
    parts: { loadRechargeForm: RECHARGE_FORM },
    start: 'drawn-eager',
    early: [MY_LOANS, SETTINGS],
  },
  {
    path: '/user/monthly-pay',
    layout: 'member',
    page: page('dues/monthly-pay-page'),
    early: [MY_LOANS, SETTINGS],
  },
  {
    path: '/user/apply-loan',
    layout: 'member',
    page: page('loans/apply-loan-page'),
    early: [MY_LOANS, SETTINGS],
  },
  {
    path: '/user/my-loan',
    layout: 'member',
    page: page('loans/my-loan-page'),
    early: [MY_LOANS],
  },
  {
    path: '/user/guarantees',
    layout: 'member',
    page: page('guarantees/guarantees-page'),
  },
  {
    path: '/user/dashboard',
    layout: 'member',
    page: page('dashboard/dashboard-page'),
    start: 'drawn-eager',
  },
  {
    path: '/user/profile',
    layout: 'member',
    page: page('layout/profile-menu-page', null),
    start: 'drawn-eager',
  },
  {
    path: '/user/my-profile',
    layout: 'member',
    page: page('profile/my-profile-page'),
    early: [SETTINGS],
    start: 'drawn-eager',
  },
  {
    path: '/user/my-bonus',
    layout: 'member',
    page: page('bonus/my-bonus-page'),
  },
  {
    path: '/user/statement',
    layout: 'member',
    page: page('statement/statement-page'),
    start: 'spinner',
  },
  {
    path: '/user/notifications',
    layout: 'member',
    page: page('notifications/notifications-page'),
  },
  {
    path: '/user/mobile-recharge',
    layout: 'member',
    page: page('recharge/mobile-recharge-page'),
    start: 'spinner',
    early: [SETTINGS],
  },
  {
    path: '/user/contact-chat',
    layout: 'member',
    page: page('chat/contact-chat-page'),
  },
  {
    path: '/user/leave',
    layout: 'member',
    page: page('leaving/leave-page'),
    start: 'spinner',
  },
  {
    path: '/user/switch-account',
    layout: 'member',
    page: page('auth/switch-account-page'),
    start: 'spinner',
  },
  { path: '/user/user', layout: 'member', redirect: '/user/my-bonus' },

  {
    path: '/admin',
    layout: 'admin',
    page: page('admin/overview-page', undefined, 'AdminOverviewPage'),
  },
  {
    path: '/admin/payments',
    layout: 'admin',
    page: page('admin-payments/review-queue-page'),
  },
  {
    path: '/admin/loans',
    layout: 'admin',
    page: page('admin-loans/loans-page', undefined, 'AdminLoansPage'),
  },
  {
    path: '/admin/loans/:id',
    layout: 'admin',
    page: page('admin-loans/loan-detail-page', undefined, 'AdminLoanDetailPage'),
  },
  {
    path: '/admin/arrears',
    layout: 'admin',
    page: page('admin-arrears/arrears-page'),
  },
  {
    path: '/admin/members',
    layout: 'admin',
    page: page('admin-members/members-page'),
  },
  {
    path: '/admin/exits',
    layout: 'admin',
    page: page('admin-exits/exits-page'),
  },
  {
    path: '/admin/members/:id',
    layout: 'admin',
    page: page('admin-members/member-detail-page'),
  },
  {
    path: '/admin/applications',
    layout: 'admin',
    page: page('admin-members/applications-page'),
  },
  {
    path: '/admin/settings',
    layout: 'admin',
    page: page('admin-books/settings-page', undefined, 'AdminSettingsPage'),
  },
  {
    path: '/admin/ledger',
    layout: 'admin',
    page: page('admin-books/ledger-page'),
  },
  {
    path: '/admin/ledger/income-statement',
    layout: 'admin',
    page: page('admin-books/income-statement-page'),
  },
  {
    path: '/admin/ledger/accounts',
    layout: 'admin',
    page: page('admin-books/accounts-page'),
  },
  {
    path: '/admin/ledger/new-entry',
    layout: 'admin',
    page: page('admin-books/new-entry-page'),
  },
  {
    path: '/admin/audit',
    layout: 'admin',
    page: page('admin-books/audit-page'),
  },
  {
    path: '/admin/messages',
    layout: 'admin',
    page: page('admin-messages/conversations-page'),
  },
  {
    path: '/admin/messages/:memberId',
    layout: 'admin',
    page: page('admin-messages/conversation-page'),
  },
  {
    path: '/admin/recharges',
    layout: 'admin',
    page: page('admin-recharges/recharges-page'),
  },
  {
    path: '/admin/bonus',
    layout: 'admin',
    page: page('admin-bonus/bonus-page'),
  },
  {
    path: '/admin/import',
    layout: 'admin',
    page: page('admin-import/import-page'),
  },
  {
    path: '/admin/bank',
    layout: 'admin',
    page: page('admin-bank/bank-page'),
  },
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
