import { buildApp } from './app.ts';
import { ConfigError, loadConfig, startWarnings } from './config.ts';
import { EmbeddedPostgresError } from './db/embedded-postgres.ts';
import { DatabaseLockedError, embeddedFolder } from './db/open-database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './features/demo/public.ts';
import { loadSealKey } from './lib/seal.ts';
import { startUp } from './start-up.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const { database, storage, uploads, seeded } = await startUp(config);
  const app = await buildApp(
    config,
    { db: database.db, storage, sealKey: loadSealKey(config) },
    {
      webRoot: config.webRoot,
      notificationJobMs: config.notificationJobMs,
      requestTimeoutMs: config.requestTimeoutMs,
    },
  );

  if (uploads.moved + uploads.removed > 0)
    app.log.info(
      `moved ${uploads.moved} upload(s) from ${config.uploadsDir} into the database; removed ${uploads.removed} that no record named (left by a crash)`,
    );
  if (uploads.missing > 0)
    app.log.error(`${uploads.missing} file record(s) have no bytes, in the database or on disk`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received; closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('://127.0.0.1', '://localhost');
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PostgreSQL in ${embeddedFolder(config.dataDir)}`;
  const lines = [
    '',
    `  Jamiya is running at ${url}`,
    config.webRoot
      ? `  Open ${url} in a browser.`
      : '  (The web app is not built: run npm run build. Serving the API only.)',
    `  API reference: ${url}/api/docs`,
    `  Database: ${where}${seeded ? ' (demo data created now)' : ''}`,
    `  Mail: ${config.smtpUrl ? 'sent through SMTP_URL' : 'written to the log (SMTP_URL is not set)'}; links start with ${config.publicUrl}`,
  ];
  for (const warning of startWarnings(config)) {
    app.log.warn(warning);
    lines.push('', `  Warning: ${warning}`);
  }
  if (config.demoSeed) {
    lines.push('', `  Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(24)} ${a.role}: ${a.about}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DatabaseLockedError ||
    err instanceof EmbeddedPostgresError
  ) {
    console.error(err.message);
  } else {
    console.error('Jamiya could not start:', err);
  }
  process.exit(1);
});
