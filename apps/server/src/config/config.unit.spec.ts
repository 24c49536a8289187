import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, logLevels } from './config';

const readme = readFileSync(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');

/** The README's configuration table: each row's variables (first cell) and defaults (second cell). */
function readmeTable(): Map<string, string> {
  const section = readme.split('## Configuration')[1].split('\n## ')[0];
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1].startsWith('`')) continue;
    const names = [...cells[1].matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]);
    const defaults = cells[2].split(/,\s*/).map((d) => d.replace(/`/g, ''));
    names.forEach((n, i) => rows.set(n, defaults.length === names.length ? defaults[i] : cells[2]));
  }
  return rows;
}

describe('configuration', () => {
  it('lists in the README exactly the variables it reads', () => {
    expect([...readmeTable().keys()].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('starts with no variables at all on the defaults the README gives', () => {
    const c = loadConfig({ INIT_CWD: '/srv/okul' });
    const table = readmeTable();
    for (const name of [
      'NODE_ENV',
      'TEST_AIDS',
      'QUEUE_PREFIX',
      'PORT',
      'ACCESS_TOKEN_TTL_SECONDS',
      'REFRESH_TOKEN_TTL_DAYS',
      'PUBLIC_URL',
      'BODY_LIMIT',
      'READ_CACHE',
      'LOG_LEVEL',
      'RATE_LIMIT_PREFIX',
      'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT',
      'PAYMENT_CALLBACK_WAIT_MS',
    ] as const) {
      expect(String(c[name]), name).toBe(table.get(name));
    }
    expect(c.ROLES).toEqual(['api', 'worker', 'projections']);
    expect(c.TRUST_PROXY).toBe(false);
    // the embedded default: no database, Redis or EventStoreDB configured
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.EVENTSTORE_URL).toBeUndefined();
    expect(c.isProduction).toBe(false);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the embedded data under .data/ of the directory npm was started in, whichever workspace runs', () => {
    // `npm start` runs the server with apps/server as its working directory, `npm run cli` at the root:
    // INIT_CWD is the root for both, so they open the same database.
    expect(loadConfig({ INIT_CWD: '/srv/okul' }).DATA_DIR).toBe('/srv/okul/.data');
    expect(loadConfig({ INIT_CWD: '/srv/okul', DATA_DIR: 'var/db', MAIL_DIR: 'mails' })).toMatchObject({
      DATA_DIR: '/srv/okul/var/db',
      MAIL_DIR: '/srv/okul/mails',
    });
    expect(loadConfig({ INIT_CWD: '/srv/okul', DATA_DIR: '/data' }).DATA_DIR).toBe('/data');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['EVENTSTORE_URL', 'http://localhost:2113'],
    ['JWT_SECRET', 'short'],
    ['ROLES', 'api,web'],
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'yes'],
    ['ACCESS_TOKEN_TTL_SECONDS', '-5'],
  ])('stops on a malformed %s (%s) with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('without JWT_SECRET makes a random secret once and keeps it in DATA_DIR', () => {
    const a = mkdtempSync(join(tmpdir(), 'okul-cfg-'));
    const b = mkdtempSync(join(tmpdir(), 'okul-cfg-'));
    try {
      const first = loadConfig({ DATA_DIR: a }).jwtSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(join(a, 'jwt-secret'), 'utf8')).toBe(first);
      expect(loadConfig({ DATA_DIR: a }).jwtSecret).toBe(first);
      expect(loadConfig({ DATA_DIR: b }).jwtSecret).not.toBe(first);
    } finally {
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });

  it('switches the test aids on only when TEST_AIDS=on, and refuses them in production', () => {
    expect(loadConfig({}).testAids).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).testAids).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).testAids).toBe(false);
    expect(loadConfig({ TEST_AIDS: 'on' }).testAids).toBe(true);
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, TEST_AIDS: 'off' }).testAids).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, TEST_AIDS: 'on' })).toThrow(
      /TEST_AIDS: must not be on in production/,
    );
    expect(() => loadConfig({ TEST_AIDS: 'yes' })).toThrow(/TEST_AIDS/);
  });

  it('prefixes the job queues with QUEUE_PREFIX (okul by default)', () => {
    expect(loadConfig({}).QUEUE_PREFIX).toBe('okul');
    expect(loadConfig({ QUEUE_PREFIX: 'okul-staging' }).QUEUE_PREFIX).toBe('okul-staging');
    expect(() => loadConfig({ QUEUE_PREFIX: 'a b' })).toThrow(/QUEUE_PREFIX/);
  });

  it('stops in production without JWT_SECRET, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required in production/);
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('reads the connections that switch to PostgreSQL, Redis and EventStoreDB', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://okul:okul@postgres:5432/okul',
      REDIS_URL: 'redis://redis:6379',
      EVENTSTORE_URL: 'esdb://eventstoredb:2113?tls=false',
    });
    expect(c).toMatchObject({
      DATABASE_URL: 'postgres://okul:okul@postgres:5432/okul',
      REDIS_URL: 'redis://redis:6379',
      EVENTSTORE_URL: 'esdb://eventstoredb:2113?tls=false',
    });
  });

  it('turns LOG_LEVEL into the logger levels at and above it', () => {
    expect(logLevels('error')).toEqual(['error']);
    expect(logLevels('warn')).toEqual(['error', 'warn']);
    expect(logLevels('log')).toEqual(['error', 'warn', 'log']);
    expect(logLevels('debug')).toEqual(['error', 'warn', 'log', 'debug']);
  });
});
