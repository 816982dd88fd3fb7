import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startWarnings } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      env: 'development',
      demoSeed: true,
      databaseUrl: undefined,
      databasePoolSize: 10,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.uploadsDir).toBe(path.join(path.resolve('./data'), 'uploads'));
    expect(c.sessionTtlMs).toBe(12 * 60 * 60_000);
    expect(c.sessionIdleMs).toBe(30 * 60_000);
  });

  it('bounds what one member may send, by default and as configured', () => {
    expect(loadConfig({})).toMatchObject({
      uploadsPerHour: 30,
      uploadBytesPerDay: 50 * 1024 * 1024,
      uploadBytesTotal: 500 * 1024 * 1024,
      messagesPerHour: 60,
      rechargeRequestsPerDay: 10,
    });
    expect(
      loadConfig({
        UPLOADS_PER_HOUR: '5',
        UPLOAD_MB_PER_DAY: '20',
        UPLOAD_MB_TOTAL: '200',
        MESSAGES_PER_HOUR: '30',
        RECHARGES_PER_DAY: '3',
      }),
    ).toMatchObject({
      uploadsPerHour: 5,
      uploadBytesPerDay: 20 * 1024 * 1024,
      uploadBytesTotal: 200 * 1024 * 1024,
      messagesPerHour: 30,
      rechargeRequestsPerDay: 3,
    });
  });

  it('turns the demo seed off in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: '1' }).demoSeed).toBe(true);
    expect(loadConfig({ DEMO_SEED: 'off' }).demoSeed).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['NODE_ENV', 'staging'],
    ['DEMO_SEED', 'maybe'],
    ['SESSION_IDLE_MINUTES', '-5'],
    ['UPLOADS_PER_HOUR', '0'],
    ['UPLOADS_PER_HOUR', 'many'],
    ['UPLOAD_MB_PER_DAY', '2.5'],
    ['UPLOAD_MB_TOTAL', '-1'],
    ['MESSAGES_PER_HOUR', '0'],
    ['RECHARGES_PER_DAY', 'ten'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '2.5'],
    ['DATABASE_POOL_SIZE', '1000'],
  ])('names the bad variable %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}="${value}"`));
  });

  it('reads the configured values', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      SESSION_TTL_MINUTES: '60',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      DATABASE_POOL_SIZE: '4',
    });
    expect(c).toMatchObject({
      databasePoolSize: 4,
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      sessionTtlMs: 3_600_000,
      trustProxy: ['10.0.0.1', '10.0.0.2'],
    });
  });
});

describe('startWarnings', () => {
  it('says what mail to the log means in production, and nothing otherwise', () => {
    const [warning, ...rest] = startWarnings(loadConfig({ NODE_ENV: 'production' }));
    expect(rest).toEqual([]);
    expect(warning).toMatch(/SMTP_URL is not set/);
    expect(warning).toMatch(/password links .* written to this log/);
    expect(warning).toMatch(/second admin/);
    expect(
      startWarnings(
        loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@mail.example.org' }),
      ),
    ).toEqual([]);
    expect(startWarnings(loadConfig({}))).toEqual([]);
  });
});
