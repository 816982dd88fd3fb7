import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { LayoutProps } from './pages.ts';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageErrorBoundary } from '../components/page-error-boundary.tsx';
import { Spinner } from '../components/states.tsx';
import { retryOnNewPath } from '../lib/failed-loads.ts';
import { useAfterPagePaint } from '../lib/use-after-page-paint.ts';
import { PublicLayout } from '../features/layout/components/public-layout.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import i18n from './i18n.ts';
import { lazyPage } from './lazy-page.tsx';
import {
  isPageRoute,
  LAYOUTS,
  NOT_FOUND,
  ROUTES,
  type Layout,
  type LazyModule,
  type PageRoute,
} from './routes.ts';

// The routes of routes.ts as React Router's elements. Only the landing page and the public
// layout come with the first load: every other page, layout and guard is loaded when first
// shown (lazy-page.tsx), so a visitor of / downloads none of the forms, the query library or
// the member area.

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
