import { expect, it } from 'vitest';
import { loadPart, preloadRoute } from './app.tsx';
import { isPageRoute, LAYOUTS, PAGE_ROUTES, ROUTES, startOf } from './routes.ts';

it('declares each path once, under its layout’s path', () => {
  const paths = ROUTES.map((route) => route.path);
  expect(new Set(paths).size).toBe(paths.length);
  for (const route of ROUTES) {
    const base = LAYOUTS[route.layout].path;
    expect(route.path === base || route.path.startsWith(`${base.replace(/\/$/, '')}/`)).toBe(true);
  }
});

it('sends each redirect to a page of the table', () => {
  for (const route of ROUTES.filter((r) => !isPageRoute(r)))
    expect(PAGE_ROUTES.map((r) => r.path)).toContain('redirect' in route && route.redirect);
});

it('draws only public and member pages ahead of time: the treasurer’s show the spinner', () => {
  for (const route of PAGE_ROUTES.filter((r) => r.layout === 'admin'))
    expect(startOf(route), route.path).toBe('spinner');
  for (const route of PAGE_ROUTES.filter((r) => r.layout === 'public'))
    expect(startOf(route), route.path).not.toBe('drawn-eager');
});

it('loads every route’s page, layouts and texts from the table alone', async () => {
  for (const route of PAGE_ROUTES) {
    const path = route.path.replace(/:\w+/, '1');
    const loads = (await preloadRoute(path)) as PromiseSettledResult<unknown>[];
    expect(
      loads.map((load) => load.status),
      path,
    ).not.toContain('rejected');
  }
}, 60_000);

it('loads every part a route gives its page from the table alone', async () => {
  for (const route of PAGE_ROUTES)
    for (const part of Object.values(route.parts ?? {}))
      expect((await loadPart(part)()).default, part.file).toBeTypeOf('function');
});
