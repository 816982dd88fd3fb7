import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent, preloadRoute } from './app/app.tsx';
import { queryClient } from './app/query-provider.tsx';
import i18n from './app/i18n.ts';
import type { Language } from './lib/languages.ts';
import { SessionCheck } from './features/auth/components/require-session.tsx';
import { PageShellProvider } from './lib/page-shell.ts';

/**
 * A page as the build draws it (scripts/prerender.mjs), and its title, for that page's HTML:
 * a public page as a first visit draws it (main.tsx hydrates it, so the browser's first render
 * must come out the same), or a member page as it looks before its data (`isShell`,
 * lib/page-shell.ts: the member area's layout, the page's heading and texts, its loading states,
 * the same for every member; main.tsx renders the page in its place once its code and first
 * data are here, and a signed-out visitor is then sent to /sign-in).
 */
export async function renderPage(
  pathname: string,
  isShell: boolean,
  language: Language,
): Promise<{ title: string | null; markup: string }> {
  await i18n.changeLanguage(language);
  await preloadRoute(pathname);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <PageShellProvider value={isShell}>
        <StaticRouter location={pathname}>
          <AppContent />
        </StaticRouter>
      </PageShellProvider>
    </StrictMode>,
    {
      // React outlines a large Suspense boundary's content and moves it in with an inline
      // script, which the page's CSP refuses: the page comes whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that fails is left to the browser to render, silently: the build fails instead.
      onError: (error) => void errors.push(error),
    },
  );
  // The member pages' queries, empty, would each keep a timer (their data's 5 minutes) that
  // holds the build's process open until it fires: a 5-minute wait at the end of every build.
  queryClient.clear();
  if (errors.length) throw new AggregateError(errors, `${pathname} did not render`);
  const html = await new Response(prelude).text();
  // React puts what belongs in the head first: the page's <title> (which React adopts in the
  // head when it hydrates) and preloads of any images it saw.
  const [head = ''] = /^(?:<link [^>]*\/>|<title>[^<]*<\/title>)*/.exec(html) ?? [];
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? null,
    markup: html.slice(head.length),
  };
}

/**
 * What a signed-in page shows while its code, its data and the session check come: its HTML
 * shows it before any script has run, and main.tsx renders the page in its place.
 */
export async function renderSessionCheck(language: Language): Promise<string> {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('auth');
  return renderToStaticMarkup(<SessionCheck />);
}
