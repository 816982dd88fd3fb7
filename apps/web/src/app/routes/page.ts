// The route table's rows (routes.ts) and `page()`, which names the module a row loads.
import type { EarlyPath } from '../../api/paths.ts';

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
   * texts, as React.lazy takes it (app.tsx `loadPart`), for the page to ask when it wants.
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
export function page(module: string, texts?: string | null, component?: string): LazyModule {
  const [feature, name] = module.split('/') as [string, string];
  const namespace = texts === undefined ? feature : texts;
  return {
    file: `features/${feature}/components/${name}.tsx`,
    component:
      component ?? name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase()),
    ...(namespace ? { texts: namespace } : {}),
  };
}
