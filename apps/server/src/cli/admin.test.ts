import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TEST_CONFIG, useTestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { auditLog } from '../db/schema/audit.ts';
import { users } from '../db/schema/users.ts';
import { DEMO_PASSWORD } from '../features/demo/seed.ts';
import { databaseStorage } from '../features/files/file-storage.ts';
import type { FastifyInstance } from 'fastify';
import {
  CommandError,
  parseAdminArgs,
  runAdminCommand,
  UsageError,
  type AdminCommand,
} from './admin-commands.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const LINK = /^http:\/\/jamiya\.test\/set-password\?token=([A-Za-z0-9_-]{43})$/m;
const NEW_PASSWORD = 'the treasurer passphrase';

function tokenIn(output: string): string {
  const match = LINK.exec(output);
  if (!match) throw new Error(`no link in:\n${output}`);
  return match[1]!;
}

async function setPassword(app: FastifyInstance, token: string, password = NEW_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/password/set',
    payload: { token, password, password_confirmation: password },
  });
}

async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

describe('parseAdminArgs', () => {
  it('reads create and reset-password', () => {
    expect(
      parseAdminArgs(['create', '--email', ' Boss@Example.org ', '--name', ' The Boss ']),
    ).toEqual({ kind: 'create', email: 'Boss@Example.org', name: 'The Boss', password: undefined });
    expect(
      parseAdminArgs(['create', '--email=b@example.org', '--name=B', '--password=a long secret']),
    ).toEqual({ kind: 'create', email: 'b@example.org', name: 'B', password: 'a long secret' });
    expect(parseAdminArgs(['reset-password', '--email', 'm@example.org'])).toEqual({
      kind: 'reset-password',
      email: 'm@example.org',
    });
    expect(parseAdminArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseAdminArgs(['help'])).toEqual({ kind: 'help' });
  });

  it.each([
    ['no command', [], /Name a command/],
    ['an unknown command', ['delete', '--email', 'a@example.org'], /Unknown command: delete/],
    ['create without --email', ['create', '--name', 'A'], /--email/],
    ['create without --name', ['create', '--email', 'a@example.org'], /--name/],
    ['a bad email', ['create', '--email', 'nope', '--name', 'A'], /--email: Enter a valid email/],
    [
      'a short password',
      ['create', '--email', 'a@b.org', '--name', 'A', '--password', 'short'],
      /--password/,
    ],
    [
      'a common password',
      ['create', '--email', 'a@b.org', '--name', 'A', '--password', 'password123'],
      /too common/,
    ],
    ['reset-password without --email', ['reset-password'], /--email/],
    [
      'reset-password with --name',
      ['reset-password', '--email', 'a@b.org', '--name', 'A'],
      /only --email/,
    ],
    ['an unknown option', ['create', '--email', 'a@b.org', '--name', 'A', '--role', 'x'], /role/],
    [
      'an extra argument',
      ['create', 'now', '--email', 'a@b.org', '--name', 'A'],
      /Unexpected argument/,
    ],
  ])('refuses %s', (_label, args, message) => {
    expect(() => parseAdminArgs(args)).toThrow(UsageError);
    expect(() => parseAdminArgs(args)).toThrow(message);
  });
});

describe('runAdminCommand', () => {
  const t = useTestApp();
  const run = (command: Exclude<AdminCommand, { kind: 'help' }>) =>
    runAdminCommand(t.db, command, { publicUrl: 'http://jamiya.test' });

  it('creates an admin whose one-time link sets the password', async () => {
    const lines = await run({
      kind: 'create',
      email: 'Treasurer@Example.test',
      name: 'The Treasurer',
      password: undefined,
    });
    const output = lines.join('\n');
    expect(output).toMatch(/^Admin Treasurer@Example\.test created \(JM\d{6}\)\./);
    expect(output).toMatch(/works once, until .* \(UAE time\)/);
    const [admin] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'Treasurer@Example.test'));
    expect(admin).toMatchObject({ role: 'admin', status: 1, name: 'The Treasurer' });

    expect((await setPassword(t.app, tokenIn(output))).statusCode).toBe(200);
    const res = await signIn(t.app, 'treasurer@example.test', NEW_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expectError(await setPassword(t.app, tokenIn(output), 'again another passphrase'), 422);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(admin!.id)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user.create_admin', 'user.password_link_issued']),
    );
  });

  it('creates an admin with the given password and no link', async () => {
    const lines = await run({
      kind: 'create',
      email: 'second-admin@example.test',
      name: 'Second',
      password: 'given password 123',
    });
    expect(lines.join('\n')).not.toMatch(/set-password/);
    expect(
      (await signIn(t.app, 'second-admin@example.test', 'given password 123')).statusCode,
    ).toBe(200);
  });

  it('refuses an email that already has an account, whatever its case, and adds nobody', async () => {
    const member = await t.makeUser();
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    await expect(
      run({ kind: 'create', email: member.email.toUpperCase(), name: 'X', password: undefined }),
    ).rejects.toThrow(CommandError);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
  });

  it('prints a reset link for a member; the earlier one stops working', async () => {
    const member = await t.makeUser();
    const first = tokenIn(
      (await run({ kind: 'reset-password', email: member.email.toUpperCase() })).join('\n'),
    );
    const output = (await run({ kind: 'reset-password', email: member.email })).join('\n');
    expect(output).toContain(`${member.name} <${member.email}> (member)`);
    expectError(await setPassword(t.app, first), 422);
    expect((await setPassword(t.app, tokenIn(output))).statusCode).toBe(200);
    expect((await signIn(t.app, member.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectError(await signIn(t.app, member.email, DEMO_PASSWORD), 401);
  });

  it('refuses an unknown email', async () => {
    await expect(run({ kind: 'reset-password', email: 'nobody@example.test' })).rejects.toThrow(
      new CommandError('No admin or member has the email nobody@example.test.'),
    );
  });
});

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('npm run admin, as a process', () => {
  // The CLI works on the embedded database of a DATA_DIR of its own, which its first call makes.
  let dataDir: string;
  let tmpDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-cli-'));
    await fs.chmod(dataDir, 0o755); // run as root, PostgreSQL runs as a user that must pass through
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jamiya-cli-tmp-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(tmpDir, { recursive: true, force: true });
  });

  function cli(args: string[]): Promise<CliResult> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PUBLIC_URL: 'http://jamiya.test',
      TMPDIR: tmpDir,
    };
    delete env.DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    // The embedded database, as `npm run admin` finds it beside `npm start`.
    env.DATA_DIR = dataDir;
    return new Promise((resolve, reject) => {
      const child = spawn(
        path.join(ROOT, 'node_modules', '.bin', 'tsx'),
        ['apps/server/src/cli/admin.ts', ...args],
        { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  /** An app on the database the CLI wrote to. */
  async function withCliDatabase(use: (app: FastifyInstance) => Promise<void>): Promise<void> {
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    const app = await buildApp(TEST_CONFIG, {
      db: database.db,
      storage: databaseStorage,
      mailer: { delivers: true, send: async () => {} },
    });
    try {
      await use(app);
    } finally {
      await app.close();
      await database.close();
    }
  }

  it(
    'creates an admin and prints a link that sets the password; then a reset link',
    { timeout: 90_000 },
    async () => {
      const created = await cli([
        'create',
        '--email',
        'cli-admin@example.test',
        '--name',
        'CLI Admin',
      ]);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/^Admin cli-admin@example\.test created/);
      const invite = tokenIn(created.stdout);

      const reset = await cli(['reset-password', '--email', 'cli-admin@example.test']);
      expect(reset.code, reset.stderr).toBe(0);
      const resetToken = tokenIn(reset.stdout);

      const unknown = await cli(['reset-password', '--email', 'nobody@example.test']);
      expect(unknown.code).toBe(1);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr.trim()).toBe('No admin or member has the email nobody@example.test.');

      await withCliDatabase(async (app) => {
        // A reset does not void the invitation; the first link used ends the other.
        expect((await setPassword(app, resetToken)).statusCode).toBe(200);
        expectError(await setPassword(app, invite), 422);
        const res = await signIn(app, 'cli-admin@example.test', NEW_PASSWORD);
        expect(res.statusCode, res.body).toBe(200);
      });
    },
  );

  it('answers a mistake with the usage and exit code 2', { timeout: 30_000 }, async () => {
    const res = await cli(['create', '--email', 'a@example.test']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--name');
    expect(res.stderr).toContain('Usage:');
    expect(res.stderr).toContain('npm run admin -- reset-password --email <email>');
  });
});
