import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      env: 'development',
      demoSeed: true,
      databaseUrl: undefined,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.uploadsDir).toBe(path.join(path.resolve('./data'), 'uploads'));
    expect(c.sessionTtlMs).toBe(12 * 60 * 60_000);
    expect(c.sessionIdleMs).toBe(30 * 60_000);
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
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@h/db',
      sessionTtlMs: 3_600_000,
      trustProxy: ['10.0.0.1', '10.0.0.2'],
    });
  });
});
