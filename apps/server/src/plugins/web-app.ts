import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { isApiPath, notFoundAnswer, requestPath } from './error-handler.ts';
import { isLanguage } from '@jamiya/contracts/languages';
import { requestLanguage } from '../lib/language.ts';

// The built web app, served by the API's process, each route with a page of its own
// (docs/boot.md).

// The page's own policy: no inline script or style is needed by the built app.
export const APP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; " +
  // frame-src blob: lets an admin read a PDF receipt inline (fetched with the token, shown
  // from an object URL of type application/pdf only).
  "font-src 'self'; connect-src 'self'; frame-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** Reads index.html on each page load (small, cached by the OS), so a rebuild needs no restart. */
export type AppPage = () => Promise<Buffer>;

/** The web app's page (index.html) with its security headers. */
export async function sendAppPage(reply: FastifyReply, page: AppPage): Promise<FastifyReply> {
  const html = await page();
  return reply
    .status(200)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('Content-Security-Policy', APP_CSP)
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Frame-Options', 'DENY')
    .send(html);
}

/**
 * A path with no route: the app's page for a browser's GET (the SPA fallback; the app draws the
 * route), else the 404 answer. A missing script or stylesheet is a 404, not the page: a browser
 * would refuse it for its type and show nothing useful.
 */
export function pageOrNotFound(appPage: AppPage) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = requestPath(request);
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]{1,5}$/i.test(path);
    if (!isApiPath(path) && !isFile && (request.method === 'GET' || request.method === 'HEAD'))
      return sendAppPage(reply, appPage);
    return notFoundAnswer(request, reply);
  };
}

/** Where the web build puts each route's page, and routes.json naming them by route. */
const PAGES_DIR = 'pages';

async function readRoutePages(webRoot: string): Promise<Record<string, string>> {
  try {
    const text = await fs.readFile(path.join(webRoot, PAGES_DIR, 'routes.json'), 'utf8');
    return JSON.parse(text) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}; // an older build
    throw error;
  }
}

/**
 * A route's page in the request's language (its <html lang dir> right from the first byte), or
 * in English where the build drew none in it; compressed at build time as the browser accepts
 * it (the prerendered pages are 10 to 25 KB). Read on each request like index.html, so a
 * rebuild needs no restart; a page a rebuild no longer has is answered with index.html.
 */
async function sendRoutePage(
  request: FastifyRequest,
  reply: FastifyReply,
  pagesDir: string,
  file: string,
  appPage: AppPage,
): Promise<FastifyReply> {
  reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
  // A link that names its language (a member's invitation) opens in it, and the app keeps it.
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(asked)) {
    reply.header('Set-Cookie', `lang=${asked}; Path=/; Max-Age=31536000; SameSite=Lax`);
  }
  const language = isLanguage(asked) ? asked : requestLanguage(request);
  const pages = [...new Set([language, 'en'])].map((folder) => path.join(pagesDir, folder, file));
  return sendBuiltPage(request, reply, pages, appPage);
}

/** The first of `pages` the build has, compressed as the browser accepts; else `appPage`. */
async function sendBuiltPage(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: string[],
  appPage: AppPage,
): Promise<FastifyReply> {
  const header = request.headers['accept-encoding'];
  const encoding = header ? negotiate(header, ['br', 'gzip']) : null;
  for (const page of pages) {
    const compressed =
      encoding && (await readIfPresent(`${page}.${encoding === 'br' ? 'br' : 'gz'}`));
    if (compressed) {
      return sendAppPage(reply.header('Content-Encoding', encoding), async () => compressed);
    }
    const data = await readIfPresent(page);
    if (data) return sendAppPage(reply, async () => data);
  }
  return sendAppPage(reply, appPage);
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Serves the web build in `webRoot`: the build's own page for each route of the web app
 * (pages/routes.json): the public pages drawn ahead of time, every page naming the code its
 * route loads (apps/web/scripts/prerender.mjs). Any other path gets index.html from
 * `pageOrNotFound` (the SPA fallback).
 */
export async function serveWebApp(
  app: FastifyInstance,
  webRoot: string,
  appPage: AppPage,
): Promise<void> {
  const routePages = await readRoutePages(webRoot);
  for (const [route, file] of Object.entries(routePages)) {
    app.get(route, { schema: { hide: true } }, (request, reply) =>
      sendRoutePage(request, reply, path.join(webRoot, PAGES_DIR), file, appPage),
    );
  }
  // A public page shows its form before its script has run; a form sent in that moment
  // is posted here (the forms say method="post", so nothing typed lands in a URL). Nothing
  // is read: the browser is sent back to the page.
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    for (const route of Object.keys(routePages)) {
      pages.post(route, { schema: { hide: true } }, (request, reply) => {
        // A path only: an absolute request target must not name the host to go to.
        const { pathname, search } = new URL(request.url, 'http://localhost');
        return reply.redirect(pathname + search, 303);
      });
    }
  });
  // The page by its file name would come without the page's headers: the page itself.
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));
  // The page that draws any route, which the service worker keeps for a member page not yet
  // opened on the phone (apps/web/src/sw/service-worker.ts).
  app.get('/app-shell', { schema: { hide: true } }, (request, reply) =>
    sendBuiltPage(
      request,
      reply.header('Vary', 'Accept-Encoding'),
      [path.join(webRoot, 'index.html')],
      appPage,
    ),
  );
  if (!routePages['/']) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendAppPage(reply, appPage));
  }
  // The built web app. Hashed assets are cached for good. The wildcard route looks files
  // up on each request, so a rebuilt app is served without a restart. The route pages are
  // sent only at their routes, with the page's headers.
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    index: false,
    preCompressed: true,
    decorateReply: false,
    // No source maps: the build keeps them for whoever debugs it, not for every visitor.
    allowedPath: (pathName) =>
      !pathName.startsWith(`/${PAGES_DIR}/`) && !/\.map(\.(br|gz))?$/.test(pathName),
    setHeaders(res, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
