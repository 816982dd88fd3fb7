import { lazy, type ComponentType } from 'react';
import { retryLater } from '../lib/failed-loads.ts';
import i18n from './i18n.ts';

/**
 * A page of the router (router.tsx), loaded when it is first shown together with the query
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
