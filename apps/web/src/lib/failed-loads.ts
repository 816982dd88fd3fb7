// Code that comes on demand (a page, a form) can fail to arrive: a phone loses its signal,
// a deploy replaces the files. What failed is tried again only when the member asks for it
// (the error's "Try again") or goes to another page, never in a loop on its own
// (docs/decisions/013-pages-whose-code-does-not-come.md).

const retries = new Set<() => void>();
let lastPath: string | null = null;

/** Keeps how to try a failed load again, until the next retry. */
export function retryLater(retry: () => void): void {
  retries.add(retry);
}

/** Makes every load that failed since the last retry try again when next rendered. */
export function retryFailedLoads(): void {
  const pending = [...retries];
  retries.clear();
  for (const retry of pending) retry();
}

/**
 * Retries what failed when the app shows another path, whether or not an error is on the
 * screen: a load can fail after the member has left its page, or the error's boundary be
 * gone with its layout. Called as the routes render; the same path again does nothing.
 */
export function retryOnNewPath(pathname: string): void {
  if (pathname === lastPath) return;
  lastPath = pathname;
  retryFailedLoads();
}
