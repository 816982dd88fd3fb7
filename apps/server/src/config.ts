import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const DEFAULT_MAIL_FROM = 'Jamiya <no-reply@jamiya.local>';

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const minutes = z.coerce
  .number({ error: 'must be a number of minutes' })
  .int('must be a whole number of minutes')
  .positive('must be positive');

const perPeriod = (what: string) =>
  z.coerce
    .number({ error: `must be a number of ${what}` })
    .int(`must be a whole number of ${what}`)
    .positive('must be positive');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Connections each process keeps to DATABASE_URL; processes × this must stay below the
  // server's max_connections (docs/scaling.md).
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .default(10),
  // Seals the links two admins hand over, kept in the database until used (lib/seal.ts); when
  // unset, DATA_DIR/secret.key is made on first start. Every process of one database needs one.
  SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters: a random string, like openssl rand -base64 32 makes')
    .optional(),
  DEMO_SEED: flag.optional(),
  SESSION_TTL_MINUTES: minutes.default(12 * 60),
  SESSION_IDLE_MINUTES: minutes.default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Addresses of reverse proxies whose X-Forwarded-For may be trusted (comma-separated).
  TRUST_PROXY: z.string().optional(),
  // The built web app; by default apps/web/dist beside this package.
  WEB_DIR: z.string().optional(),
  // Mail goes through this server when set; otherwise it is written to the log.
  SMTP_URL: z
    .string()
    .refine(
      (v) => isUrl(v, ['smtp:', 'smtps:']) && new URL(v).hostname !== '',
      'must be an smtp:// or smtps:// URL, like smtps://user:password@mail.example.org',
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'must be an address, like Jamiya <no-reply@example.org>',
    )
    .default(DEFAULT_MAIL_FROM),
  // How often each process mails new notifications and sends installment reminders; 0 turns
  // the job off in this process (it is safe to run in every process).
  NOTIFICATION_JOB_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (off) or more')
    .max(86_400, 'must be at most 86400 (a day)')
    .default(60),
  // The address members open; the links in mails start with it.
  PUBLIC_URL: z
    .string()
    .refine((v) => {
      if (!isUrl(v, ['http:', 'https:'])) return false;
      const u = new URL(v);
      return !v.endsWith('/') && !u.search && !u.hash && !u.username && !u.password;
    }, 'must be an http:// or https:// address without a trailing slash, like https://jamiya.example.org')
    .optional(),
  // How long a request may take to arrive, its body included; then it is answered 408 and
  // closed (issue 32). A 10 MB receipt needs about 1.4 Mbit/s to arrive in 60 s.
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(10, 'must be between 10 and 600')
    .max(600, 'must be between 10 and 600')
    .default(60),
  // What one member may send (issue 21): uploads an hour, megabytes (MiB) of uploads a day
  // and in all, messages to the committee an hour, recharge requests a day.
  UPLOADS_PER_HOUR: perPeriod('uploads').default(30),
  UPLOAD_MB_PER_DAY: perPeriod('megabytes').default(50),
  UPLOAD_MB_TOTAL: perPeriod('megabytes').default(500),
  MESSAGES_PER_HOUR: perPeriod('messages').default(60),
  RECHARGES_PER_DAY: perPeriod('requests').default(10),
});

const MB = 1024 * 1024;

/** What one member may send; counted from the member's own rows (files, messages, recharges). */
export interface MemberLimits {
  uploadsPerHour: number;
  uploadBytesPerDay: number;
  uploadBytesTotal: number;
  messagesPerHour: number;
  rechargeRequestsPerDay: number;
}

export interface Config extends MemberLimits {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** DATA_DIR/uploads, where uploads lived before issue 25: moved into the database at start. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  /** Connections to the database, DATABASE_URL or the embedded one. */
  databasePoolSize: number;
  /** SECRET_KEY; DATA_DIR/secret.key when unset (lib/seal.ts). */
  secretKey: string | undefined;
  demoSeed: boolean;
  sessionTtlMs: number;
  sessionIdleMs: number;
  logLevel: string;
  trustProxy: string[] | false;
  webRoot: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** 0 when the notifications job is off. */
  notificationJobMs: number;
  requestTimeoutMs: number;
}

function findWebRoot(configured: string | undefined): string | undefined {
  if (configured) {
    const dir = path.resolve(configured);
    if (!fs.existsSync(path.join(dir, 'index.html')))
      throw new ConfigError(
        `Invalid configuration:\n  WEB_DIR=${JSON.stringify(configured)}: has no index.html`,
      );
    return dir;
  }
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// A URL's password must not reach the terminal or the log in an error message.
const hidePassword = (value: string) => value.replace(/^([a-z]+:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(hidePassword(env[name] ?? ''))}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    secretKey: e.SECRET_KEY,
    demoSeed: e.DEMO_SEED ?? e.NODE_ENV !== 'production',
    sessionTtlMs: e.SESSION_TTL_MINUTES * 60_000,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    logLevel: e.LOG_LEVEL,
    webRoot: findWebRoot(e.WEB_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    notificationJobMs: e.NOTIFICATION_JOB_SECONDS * 1000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    uploadBytesPerDay: e.UPLOAD_MB_PER_DAY * MB,
    uploadBytesTotal: e.UPLOAD_MB_TOTAL * MB,
    messagesPerHour: e.MESSAGES_PER_HOUR,
    rechargeRequestsPerDay: e.RECHARGES_PER_DAY,
    trustProxy: e.TRUST_PROXY
      ? e.TRUST_PROXY.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : false,
  };
}

/**
 * What the operator must know before the server serves, said at start. In production without
 * SMTP_URL, mails go to the log: links to set a password included (issue 32).
 */
export function startWarnings(config: Pick<Config, 'env' | 'smtpUrl'>): string[] {
  if (config.env !== 'production' || config.smtpUrl) return [];
  return [
    'SMTP_URL is not set, so no mail is sent: invitations, password links and notices are written to this log instead. ' +
      'Anyone who can read this log can set the password of the account a link is for; keep the log private. ' +
      "Members get their links from an admin, in the app (a member's link needs a second admin's confirmation when there are two or more); " +
      'an admin sets their own password with npm run admin -- reset-password on the server. Set SMTP_URL to send mail.',
  ];
}
