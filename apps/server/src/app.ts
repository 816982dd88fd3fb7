import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config, MemberLimits } from './config.ts';
import type { Db } from './db/client.ts';
import type { SessionPolicy } from './features/auth/sessions.ts';
import type { FileStorage } from './features/files/file-storage.ts';
import { installUploadQuota } from './features/files/upload-quota.ts';
import { createMailer, type Mailer } from './features/mail/mailer.ts';
import { installAuth } from './plugins/auth.ts';
import { installErrorHandler, sendAppPage, type AppPage } from './plugins/error-handler.ts';
import { authRoutes } from './features/auth/routes.ts';
import { profileRoutes } from './features/members/routes.ts';
import { duesRoutes } from './features/dues/routes.ts';
import { loanRoutes } from './features/loans/routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { statementRoutes } from './features/statement/routes.ts';
import { installNotificationJob } from './features/notifications/jobs.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { rechargeRoutes } from './features/recharge/routes.ts';
import { bonusRoutes } from './features/bonus/routes.ts';
import { membershipRoutes } from './features/membership/routes.ts';

export interface Deps {
  db: Db;
  storage: FileStorage;
  sessionPolicy: SessionPolicy;
  mailer: Mailer;
  /** The address members open (PUBLIC_URL, no trailing slash); links in mails start with it. */
  publicUrl: string;
  /** What one member may send (UPLOADS_PER_HOUR and the rest, config.ts). */
  limits: MemberLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export const UPLOAD_LIMITS = {
  fileSize: 10 * 1024 * 1024,
  files: 1,
  fields: 20,
  parts: 21,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
} as const;

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
 * A route's page, compressed at build time as the browser accepts it (the prerendered pages
 * are 10 to 25 KB). Read on each request like index.html, so a rebuild needs no restart; a
 * page a rebuild no longer has is answered with index.html.
 */
async function sendRoutePage(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  appPage: AppPage,
): Promise<FastifyReply> {
  reply.header('Vary', 'Accept-Encoding');
  const header = request.headers['accept-encoding'];
  const encoding = header ? negotiate(header, ['br', 'gzip']) : null;
  const compressed =
    encoding && (await readIfPresent(`${file}.${encoding === 'br' ? 'br' : 'gz'}`));
  if (compressed) {
    return sendAppPage(reply.header('Content-Encoding', encoding), async () => compressed);
  }
  const data = await readIfPresent(file);
  return sendAppPage(reply, data ? async () => data : appPage);
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
 * A request as the log shows it: a one-time token in the address (a set-password link) is
 * replaced, so the log never holds a live link.
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The mailer comes from the config (SMTP_URL, MAIL_FROM: SMTP, or the log when unset) unless
 * `deps.mailer` replaces it, as the tests do to read the mails.
 */
export async function buildApp(
  config: Pick<
    Config,
    | 'logLevel'
    | 'trustProxy'
    | 'sessionTtlMs'
    | 'sessionIdleMs'
    | 'smtpUrl'
    | 'mailFrom'
    | 'publicUrl'
    | keyof MemberLimits
  >,
  deps: Omit<Deps, 'sessionPolicy' | 'mailer' | 'publicUrl' | 'limits'> & {
    mailer?: Mailer | undefined;
  },
  options: {
    logStream?: { write(line: string): void };
    webRoot?: string | undefined;
    /** Runs the notifications job every so many ms while the app is up (off when unset or 0). */
    notificationJobMs?: number;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  if (config.trustProxy === false) {
    // Behind a proxy that is not named, every member shares the proxy's address, and sign-in
    // throttling counts them together: said once, where the operator reads.
    let warned = false;
    app.addHook('onRequest', async (request) => {
      if (warned || request.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      request.log.warn(
        "Requests carry X-Forwarded-For but TRUST_PROXY is not set: the proxy's address is taken for every member. Set TRUST_PROXY to the proxy's address.",
      );
    });
  }
  app.decorate('deps', {
    ...deps,
    sessionPolicy: { ttlMs: config.sessionTtlMs, idleMs: config.sessionIdleMs },
    mailer:
      deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: (fields, msg) => app.log.info(fields, msg),
      }),
    publicUrl: config.publicUrl,
    limits: {
      uploadsPerHour: config.uploadsPerHour,
      uploadBytesPerDay: config.uploadBytesPerDay,
      uploadBytesTotal: config.uploadBytesTotal,
      messagesPerHour: config.messagesPerHour,
      rechargeRequestsPerDay: config.rechargeRequestsPerDay,
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const webRoot = options.webRoot;
  const appPage = webRoot ? () => fs.readFile(path.join(webRoot, 'index.html')) : null;
  if (appPage) await appPage(); // fail at start, not on the first visit, if it is missing
  installErrorHandler(app, appPage);
  installAuth(app);
  installUploadQuota(app);
  if (options.notificationJobMs) installNotificationJob(app, options.notificationJobMs);

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: UPLOAD_LIMITS,
    async onFile(part) {
      const data = await part.toBuffer();
      (part as unknown as { value: unknown }).value = {
        filename: part.filename,
        mimetype: part.mimetype,
        data,
      };
    },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jamiya API',
        version: '1.0.0',
        description:
          'The API of Jamiya, a community savings and loan association. Amounts are AED as JSON numbers with at most two decimals. Every error is `{ status_code, message, errors? }`.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The access_token from POST /api/login.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its own scripts and styles (the plugin's hashes), and never framed; no upgrade to https,
    // which would break the reference on a plain-HTTP development server.
    staticCSP: true,
    // Its scripts stay pinned by hash; its styles may be inline (swagger-ui sets some from
    // script, and the page shows no member's data).
    transformStaticCSP: (csp) =>
      csp
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/docs')) reply.header('X-Frame-Options', 'DENY');
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  if (webRoot && appPage) {
    // The build's own page for each route of the web app (pages/routes.json): the public
    // pages drawn ahead of time, every page naming the code its route loads
    // (apps/web/scripts/prerender.mjs). Any other path gets index.html from the not-found
    // handler (the SPA fallback).
    const routePages = await readRoutePages(webRoot);
    for (const [route, file] of Object.entries(routePages)) {
      app.get(route, { schema: { hide: true } }, (request, reply) =>
        sendRoutePage(request, reply, path.join(webRoot, PAGES_DIR, file), appPage),
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
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) =>
      reply.redirect('/', 301),
    );
    if (!routePages['/']) {
      app.get('/', { schema: { hide: true } }, (_request, reply) => sendAppPage(reply, appPage));
    }
  }
  if (options.webRoot) {
    // The built web app. Hashed assets are cached for good. The wildcard route looks files
    // up on each request, so a rebuilt app is served without a restart. The route pages are
    // sent only at their routes, with the page's headers.
    await app.register(fastifyStatic, {
      root: options.webRoot,
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

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(membershipRoutes);
      await api.register(profileRoutes);
      await api.register(duesRoutes);
      await api.register(loanRoutes);
      await api.register(fileRoutes);
      await api.register(statementRoutes);
      await api.register(notificationRoutes);
      await api.register(messageRoutes);
      await api.register(rechargeRoutes);
      await api.register(bonusRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
  return app;
}
