import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ComponentType } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, it, vi, type MockInstance } from 'vitest';
import { PageErrorBoundary } from '../components/page-error-boundary.tsx';
import { retryFailedLoads, retryOnNewPath } from '../lib/failed-loads.ts';
import { lazyPage } from './app.tsx';

const LOST = 'Failed to fetch dynamically imported module';

/** A page's code that does not arrive the first `failures` times it is asked for. */
function pageCode(title: string, failures: number) {
  const load = vi.fn(() =>
    load.mock.calls.length <= failures
      ? Promise.reject(new TypeError(LOST))
      : Promise.resolve({ Page: () => <h1>{title}</h1> }),
  );
  return load;
}

/** As AppRoutes does: what failed is tried again on another path. */
function RetryOnNewPath() {
  retryOnNewPath(useLocation().pathname);
  return null;
}

function renderApp(pages: Record<string, ComponentType>, at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <RetryOnNewPath />
      <nav aria-label="Pages">
        {Object.keys(pages).map((path) => (
          <Link key={path} to={path}>
            {path}
          </Link>
        ))}
      </nav>
      <PageErrorBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            {Object.entries(pages).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Routes>
        </Suspense>
      </PageErrorBoundary>
    </MemoryRouter>,
  );
}

// React reports each error a boundary catches on the console; the tests expect exactly those.
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  retryFailedLoads(); // forgets the failures of the tests before
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  for (const call of consoleError.mock.calls) expect(call.map(String).join(' ')).toContain(LOST);
});

const errorState = () => screen.findByRole('alert');

/** A page's code that comes, or not, when the test says. */
function pageCodeOnCue(title: string) {
  const cues: { resolve: () => void; reject: () => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<{ Page: ComponentType }>((resolve, reject) =>
        cues.push({
          resolve: () => resolve({ Page: () => <h1>{title}</h1> }),
          reject: () => reject(new TypeError(LOST)),
        }),
      ),
  );
  return { load, cues };
}
const tryAgain = () => userEvent.click(screen.getByRole('button', { name: 'Try again' }));
const macrotask = () => new Promise((resolve) => setTimeout(resolve, 20));

it('shows an error with Try again when a page’s code does not arrive, and loads it on the second try', async () => {
  const load = pageCode('Apply for a loan', 1);
  renderApp({ '/apply': lazyPage(load, 'Page') }, '/apply');

  expect(await errorState()).toHaveTextContent('We could not load this page');
  // Nothing is asked for again until the member says so.
  await macrotask();
  expect(load).toHaveBeenCalledTimes(1);

  await tryAgain();
  expect(await screen.findByRole('heading', { name: 'Apply for a loan' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

it('tries a failed page again when the member comes back to it from another page', async () => {
  const loadA = pageCode('My loan', 1);
  const loadB = pageCode('Dashboard', 0);
  renderApp({ '/a': lazyPage(loadA, 'Page'), '/b': lazyPage(loadB, 'Page') }, '/a');
  await errorState();

  await userEvent.click(screen.getByRole('link', { name: '/b' }));
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: '/a' }));
  expect(await screen.findByRole('heading', { name: 'My loan' })).toBeInTheDocument();
  expect(loadA).toHaveBeenCalledTimes(2);
});

it('shows the error again, once per try, while the code still does not arrive', async () => {
  const load = pageCode('Monthly pay', Infinity);
  renderApp({ '/pay': lazyPage(load, 'Page') }, '/pay');
  await errorState();

  await tryAgain();
  expect(await errorState()).toHaveTextContent('We could not load this page');
  await macrotask();
  expect(load).toHaveBeenCalledTimes(2);
});

it('loads a page whose preload failed once more when it renders', async () => {
  const load = pageCode('Statement', 1);
  const Page = lazyPage(load, 'Page');
  await expect(Page.preload()).rejects.toThrow(LOST);

  renderApp({ '/statement': Page }, '/statement');
  expect(await screen.findByRole('heading', { name: 'Statement' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  expect(consoleError).not.toHaveBeenCalled();
});

it('keeps a loaded page: showing it again loads nothing', async () => {
  const load = pageCode('Home', 0);
  const Page = lazyPage(load, 'Page');
  renderApp({ '/': Page, '/other': () => <h1>Other</h1> }, '/');
  await screen.findByRole('heading', { name: 'Home' });
  await userEvent.click(screen.getByRole('link', { name: '/other' }));
  await userEvent.click(screen.getByRole('link', { name: '/' }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  await Page.preload();
  expect(load).toHaveBeenCalledTimes(1);
});

it('shows the page’s loading state in place of the error while it loads anew', async () => {
  const { load, cues } = pageCodeOnCue('Notifications');
  renderApp({ '/notifications': lazyPage(load, 'Page') }, '/notifications');
  await vi.waitFor(() => expect(cues).toHaveLength(1));
  cues[0]!.reject();
  await errorState();

  await tryAgain();
  await vi.waitFor(() => expect(cues).toHaveLength(2));
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  cues[1]!.resolve();
  expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
});

it('tries a page again on the next visit when its code failed after the member had left it', async () => {
  const { load, cues } = pageCodeOnCue('Statement');
  renderApp({ '/statement': lazyPage(load, 'Page'), '/home': () => <h1>Home</h1> }, '/statement');
  expect(await screen.findByText('Loading...')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: '/home' }));
  await screen.findByRole('heading', { name: 'Home' });
  cues[0]!.reject(); // no error on the screen: the member is elsewhere
  await macrotask();

  await userEvent.click(screen.getByRole('link', { name: '/statement' }));
  await vi.waitFor(() => expect(cues).toHaveLength(2));
  cues[1]!.resolve();
  expect(await screen.findByRole('heading', { name: 'Statement' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('renders a page whose code is already here in the same pass, without its loading state', async () => {
  const Page = lazyPage(pageCode('Loaded before', 0), 'Page');
  await Page.preload();
  renderApp({ '/': Page }, '/');
  // Synchronously after the render: a lazy page that suspended would show "Loading..." here.
  expect(screen.getByRole('heading', { name: 'Loaded before' })).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
});
