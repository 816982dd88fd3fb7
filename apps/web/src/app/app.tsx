import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary.tsx';
import { Spinner } from '../components/states.tsx';
import { retryLater, retryOnNewPath } from '../lib/failed-loads.ts';
import { loadToastContainers, useToastContainers } from '../lib/toast-containers-loader.ts';
import { useAfterPagePaint } from '../lib/use-after-page-paint.ts';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import i18n from './i18n.ts';
import type { LayoutProps } from './pages.ts';
import {
  isPageRoute,
  LAYOUTS,
  NOT_FOUND,
  ROUTES,
  type Layout,
  type LazyModule,
  type PageRoute,
} from './routes.ts';

// The app: the routes of routes.ts as React Router's elements. Only the landing page and the
// public layout come with the first load: every other page, layout and guard is loaded when
// first shown (lazyPage, below), so a visitor of / downloads none of the forms, the query
// library or the member area.

const FIRST_LOAD: Record<string, ComponentType<LayoutProps>> = {
  'features/landing/components/landing-page.tsx': LandingPage,
};
/** The table of the lazily loaded modules (pages.ts); the landing page asks for it once drawn. */
export const loadPages = () => import('./pages.ts');

type RouteComponent = ComponentType<LayoutProps> & { preload?: () => Promise<unknown> };
const components = new Map<string, RouteComponent>();

const loadAdminPages = () => import('./admin-pages.ts');

/** A module of its table (pages.ts, or admin-pages.ts for the treasurer's), loaded. */
const loadModule = (file: string) =>
  (file.startsWith('features/admin') ? loadAdminPages() : loadPages()).then(({ files }) => {
    const loadFile = files[`../${file}`];
    if (!loadFile) throw new Error(`${file}: no such module`);
    return loadFile();
  });

function componentOf({ file, component, texts }: LazyModule): RouteComponent {
  let found = components.get(file) ?? FIRST_LOAD[file];
  if (!found) {
    found = lazyPage(() => loadModule(file), component, texts);
    components.set(file, found);
  }
  return found;
}

/** What a page is given for a part of it (routes.ts `parts`): its loader, as React.lazy takes it. */
export type LoadPart = () => Promise<{ default: ComponentType }>;

/**
 * Loads a part of a page that comes from another feature (routes.ts `parts`): its component,
 * with its texts. Each call loads anew what failed before.
 */
export const loadPart =
  ({ file, component, texts }: LazyModule): LoadPart =>
  () =>
    Promise.all([loadModule(file), texts && i18n.loadNamespaces(texts)]).then(([module]) => ({
      default: module[component]!,
    }));

const NotFound = componentOf(NOT_FOUND);

function layoutElement(layout: Layout): ReactNode {
  if (layout === 'public') return <PublicLayout />;
  return LAYOUTS[layout].modules.reduceRight<ReactNode>((inside, module) => {
    const Wrapper = componentOf(module);
    return <Wrapper fallback={<NotFound />}>{inside}</Wrapper>;
  }, null);
}

function routeElement(route: (typeof ROUTES)[number]): ReactNode {
  if (!isPageRoute(route)) return <Navigate to={route.redirect} replace />;
  const Page = componentOf(route.page);
  const parts = Object.entries(route.parts ?? {}).map(([name, part]) => [name, loadPart(part)]);
  return <Page {...Object.fromEntries(parts)} />;
}

const LAYOUT_ORDER: readonly Layout[] = ['public', 'member', 'admin'];

// As React Router's route objects, each layout's unknown paths showing the not-found page.
const routeTree: RouteObject[] = LAYOUT_ORDER.map((layout) => {
  const base = LAYOUTS[layout].path;
  const children: RouteObject[] = ROUTES.filter((route) => route.layout === layout).map((route) => {
    const path = route.path.slice(base.length).replace(/^\//, '');
    return path
      ? { path, element: routeElement(route) }
      : { index: true, element: routeElement(route) };
  });
  // The public layout has no path of its own: its '*' takes any path the others do not.
  return {
    ...(layout === 'public' ? {} : { path: base }),
    element: layoutElement(layout),
    children: [...children, { path: '*', element: <NotFound /> }],
  };
});

// Every path the app knows, the unknown ones of each layout showing the not-found page.
const PATHS = [
  ...ROUTES.map((route) => ({ path: route.path, route })),
  ...LAYOUT_ORDER.map((layout) => ({
    path: `${LAYOUTS[layout].path.replace(/\/$/, '')}/*`,
    route: { layout, page: NOT_FOUND } as Pick<PageRoute, 'layout' | 'page'>,
  })),
];

/**
 * A lazy page shows only once what is around it has rendered (the session check, then the
 * layout), so on a first visit straight to /user/... the pieces would load one after the
 * other: they are all asked for at once instead. Settles when they have all loaded (or one
 * failed: the page then tries once more when it renders, and shows the error if that fails).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = matchRoutes(PATHS, pathname)?.[0]?.route.route;
  if (!route || !('page' in route)) return Promise.resolve();
  const modules = [...LAYOUTS[route.layout].modules, route.page];
  return Promise.allSettled(modules.map((module) => componentOf(module).preload?.()));
}

const fallback = (
  <div className="grid min-h-[50dvh] place-items-center">
    <Spinner />
  </div>
);

export function AppRoutes() {
  // What failed to load is tried again on another path, even with no error on the screen.
  retryOnNewPath(useLocation().pathname);
  // So that the first tap on a link of the landing page waits for the page's code alone.
  const hasPagePainted = useAfterPagePaint();
  useEffect(() => {
    if (hasPagePainted) void loadPages();
  }, [hasPagePainted]);
  const page = useRoutes(routeTree);
  return (
    <PageErrorBoundary>
      <Suspense fallback={fallback}>{page}</Suspense>
    </PageErrorBoundary>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}

/** Everything inside the router; the build renders the public pages with it (prerender.tsx). */
export function AppContent() {
  return (
    <>
      <AppRoutes />
      <LazyToasts />
    </>
  );
}

/**
 * The page's toasts: their code comes once the page has painted (nothing on the landing page
 * shows a toast, so there only with the first toast), and then stays, so that a toast shown
 * just before a navigation is not lost.
 */
function LazyToasts() {
  const containers = useToastContainers();
  const isLanding = useLocation().pathname === '/';
  const hasPagePainted = useAfterPagePaint();
  useEffect(() => {
    if (hasPagePainted && !isLanding) void loadToastContainers();
  }, [hasPagePainted, isLanding]);
  return containers ? <containers.PageToasts /> : null;
}

/**
 * A page of the router, loaded when it is first shown together with the query
 * client it needs (query-provider.tsx) and its feature's texts. `preload` starts the load
 * before the page renders (preloadRoute). A load that fails is not kept: the page's error
 * boundary (components/page-error-boundary.tsx) shows the error, and the member's "Try again"
 * or next page loads it anew.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  namespace?: string,
) {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  type Loaded = { default: ComponentType<Props & object> };
  let loading: Promise<Loaded> | undefined;
  let loaded: Loaded | undefined;
  const preload = () =>
    (loading ??= Promise.all([
      load(),
      import('./query-provider.tsx'),
      // The shared schemas' sentences too: a form's field errors read in the page's language.
      i18n.loadNamespaces(namespace ? [namespace, 'messages'] : 'messages'),
    ]).then(
      ([module, { withQueryClient }]) => {
        if (!module[name]) throw new Error(`the page's module exports no ${String(name)}`);
        return (loaded = {
          default: withQueryClient(module[name] as ComponentType<Props & object>),
        });
      },
      (error: unknown) => {
        loading = undefined; // the next call loads anew
        throw error;
      },
    ));
  // React keeps a lazy component's failure for good: once the one rendered has failed, the
  // retry (lib/failed-loads.ts) puts a new one in its place, which loads anew.
  let hasLazyFailed = false;
  const retry = () => {
    if (hasLazyFailed) Lazy = newLazy();
  };
  const newLazy = () => {
    hasLazyFailed = false;
    return lazy(() =>
      loaded
        ? alreadyLoaded(loaded)
        : preload().catch((error: unknown) => {
            hasLazyFailed = true;
            retryLater(retry);
            throw error;
          }),
    );
  };
  let Lazy = newLazy();
  const Page = (props: Props & object) => <Lazy {...props} />;
  return Object.assign(Page, { preload });
}

/**
 * A page whose code is already here renders in the same pass as what is around it: React reads
 * a lazy component's module at once when the thenable its loader returns calls back at once,
 * and suspends for a promise, even a settled one, until a later task. A member page's first
 * render (main.tsx, after preloadRoute) has three lazy levels (session check, layout, page):
 * it is one pass instead of four.
 */
function alreadyLoaded<T>(value: T): Promise<T> {
  const thenable: PromiseLike<T> = {
    then: (onFulfilled) => {
      onFulfilled?.(value);
      return thenable as never;
    },
  };
  return thenable as Promise<T>;
}
