import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config, MemberLimits } from './config.ts';
import type { Db } from './db/client.ts';
import { type SessionPolicy, installAuth, requireAdmin } from './features/sessions/public.ts';
import { type FileStorage, installUploadQuota } from './features/files/public.ts';
import { ADMIN_ROUTES, MEMBER_ROUTES } from './route-table.ts';
import { createMailer, type Mailer } from './features/mail/public.ts';
import { scheduledDuesCalendar } from './features/payments/public.ts';
import { sendInstallmentReminders } from './features/loans/public.ts';
import { mailImportInvitations } from './features/imports/public.ts';
import { installNotificationJob, type ScheduledNotices } from './features/notifications/public.ts';
import { installErrorHandler, notFoundAnswer } from './plugins/error-handler.ts';
import { installSecurityHeaders } from './plugins/security-headers.ts';
import { installAnswerTranslation } from './plugins/translate-answers.ts';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  installRequestLimits,
  requestTimeoutOptions,
} from './plugins/request-limits.ts';
import { warnOfUnnamedProxy } from './plugins/proxy-warning.ts';
import { installApiDocs } from './plugins/api-docs.ts';
import { pageOrNotFound, serveWebApp } from './plugins/web-app.ts';
import { installIdempotency, keepIdempotentAnswers } from './plugins/idempotency.ts';

/** What the notifications job sends on a schedule: installment and dues reminders, late fines. */
function scheduledNotices(): ScheduledNotices {
  const duesCalendar = scheduledDuesCalendar();
  return async (db, now) =>
    (await sendInstallmentReminders(db, now)) + (await duesCalendar(db, now));
}

export interface Deps {
  db: Db;
  storage: FileStorage;
  sessionPolicy: SessionPolicy;
  mailer: Mailer;
  /** The address members open (PUBLIC_URL, no trailing slash); links in mails start with it. */
  publicUrl: string;
  /** What one member may send (UPLOADS_PER_HOUR and the rest, config.ts). */
  limits: MemberLimits;
  /** Seals what waits in the database for this server alone (lib/seal.ts). */
  sealKey: Buffer;
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
  deps: Omit<Deps, 'sessionPolicy' | 'mailer' | 'publicUrl' | 'limits' | 'sealKey'> & {
    mailer?: Mailer | undefined;
    /** A key of its own when unset: what it seals lasts as long as the app. */
    sealKey?: Buffer | undefined;
  },
  options: {
    logStream?: { write(line: string): void };
    webRoot?: string | undefined;
    /** Runs the notifications job every so many ms while the app is up (off when unset or 0). */
    notificationJobMs?: number;
    /** How long a request may take to arrive, body included (REQUEST_TIMEOUT_SECONDS). */
    requestTimeoutMs?: number;
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
    ...requestTimeoutOptions(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
  }).withTypeProvider<ZodTypeProvider>();
  installRequestLimits(app);

  if (config.trustProxy === false) warnOfUnnamedProxy(app);
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
    sealKey: deps.sealKey ?? randomBytes(32),
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
  installSecurityHeaders(app);
  installAnswerTranslation(app);
  installErrorHandler(app);
  app.setNotFoundHandler(appPage ? pageOrNotFound(appPage) : notFoundAnswer);
  installAuth(app);
  installUploadQuota(app);
  if (options.notificationJobMs)
    installNotificationJob(app, options.notificationJobMs, scheduledNotices(), [
      mailImportInvitations,
    ]);

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: UPLOAD_LIMITS,
    async onFile(part) {
      // A file past its limit is refused at once (413), the rest of the body left unread,
      // rather than read to its end first (issue 32).
      part.file.once('limit', () =>
        part.file.destroy(new app.multipartErrors.RequestFileTooLargeError()),
      );
      const data = await part.toBuffer();
      (part as unknown as { value: unknown }).value = {
        filename: part.filename,
        mimetype: part.mimetype,
        data,
      };
    },
  });

  await installApiDocs(app);
  keepIdempotentAnswers(app);
  // Answers of half a kilobyte or more go compressed as the browser accepts (a member's payment
  // history, the treasurer's lists; decision 042). Bodies sent to the server are read as sent:
  // a compressed upload could unpack past every size limit.
  await app.register(compress, {
    threshold: 512,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });

  if (webRoot && appPage) await serveWebApp(app, webRoot, appPage);

  await app.register(
    async (api) => {
      for (const routes of MEMBER_ROUTES) await api.register(routes);
      // The treasurer's calls, each with the feature it acts on: admins only, and a repeated
      // request (same Idempotency-Key) answered once.
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', requireAdmin);
          installIdempotency(admin);
          for (const routes of ADMIN_ROUTES) await admin.register(routes);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  return app;
}
