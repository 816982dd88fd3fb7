// Code that comes on demand (a page, a form) can fail to arrive: a phone loses its signal,
// a deploy replaces the files. What failed is tried again only when the member asks for it
// (the error's "Try again", or going to another page), never in a loop on its own.

const retries = new Set<() => void>();

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
