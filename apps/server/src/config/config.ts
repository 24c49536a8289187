import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Configuration is read once from the environment, validated, and frozen. A missing or malformed value
 * stops start-up with a message that names the variable. Every variable is listed in the README.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The spec's test-only aids (mock payment, Otomatik Doldur, sample TCKN/VKN): only when `on`, never in production. */
  TEST_AIDS: z.enum(['on', 'off']).default('off'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; absent means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  /** Connections of the API's pool (requests, the event store); the projections have their own pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  /** Connections of the projection runner's pool (read-model writes); its leadership locks take one more. */
  PROJECTION_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(6),
  /**
   * The role the API's queries run as on PostgreSQL (`SET ROLE` on each connection), under row-level security:
   * created if missing, neither owner of the tables nor BYPASSRLS. Empty: the API runs as DATABASE_URL's role (the
   * policies stay, that role bypasses them).
   */
  DATABASE_APP_ROLE: z
    .union([z.literal(''), z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case role name')])
    .default('okul_app')
    .transform((role) => role || undefined),
  /** How long a query waits for a database connection before the request answers 503 (ms). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  /** Redis for BullMQ; absent means the in-process queue. */
  REDIS_URL: z.url().optional(),
  /** EventStoreDB connection string (esdb://...); absent means the Postgres event store. */
  EVENTSTORE_URL: z
    .string()
    .regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, 'must start with esdb://')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  /** Secret for signing access tokens. Required in production. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** KVKK: the master key that wraps every student's data key (32 bytes, base64). */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** Absolute lifetime of a session from sign-in; refreshing does not extend it. */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().positive().default(30),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('KursPanel <no-reply@kurspanel.local>'),
  MAIL_DIR: z.string().optional(),
  /** Which roles this process runs: api, worker, projections (comma separated). */
  ROLES: z
    .string()
    .default('api,worker,projections')
    .transform((s) => s.split(',').map((r) => r.trim()))
    .pipe(z.array(z.enum(['api', 'worker', 'projections']))),
  /** Where the built client is served from (empty string disables). */
  CLIENT_DIST: z.string().optional(),
  BODY_LIMIT: z.string().default('1mb'),
  /** Largest body of POST parse (an organisation backup as base64, developer only). */
  IMPORT_BODY_LIMIT: z.string().default('200mb'),
  /** In-memory answers of the big organisation-wide reads (getStudents, getDashboard); `off` rebuilds each time. */
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  /** Express trust proxy setting: true behind a load balancer, so the audit log records the client's ip. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
  /** Key prefix of the BullMQ queues in Redis: deployments sharing one Redis need prefixes of their own. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, `_`, `.` and `-` only')
    .default('okul'),
  /** `json` (one object a line) or `pretty` (for a person); unset is pretty on a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** A port of its own answering GET /metrics (Prometheus); unset serves no such listener. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Serves GET /metrics on the public port too, to `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Key prefix of the login rate-limit counters in Redis (one per deployment or test run). */
  RATE_LIMIT_PREFIX: z.string().default('okul:rl'),
  /** Failed logins allowed per account and per ip in the window before 429 (brute-force limit, docs/DECISIONS.md). */
  LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_ATTEMPT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Lifetimes of the single-use e-mail links. */
  EMAIL_VERIFICATION_TTL_HOURS: z.coerce.number().int().positive().default(24),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  INVITATION_TTL_DAYS: z.coerce.number().int().positive().default(7),
  /** How long the bank callback waits for the payment job before sending the browser on (ms). */
  PAYMENT_CALLBACK_WAIT_MS: z.coerce.number().int().min(0).default(8000),
  /** Yapı Kredi POSNET virtual POS (3-D Secure OOS); card checkout answers 503 until all six are set. */
  POSNET_MERCHANT_ID: z.string().optional(),
  POSNET_TERMINAL_ID: z.string().optional(),
  POSNET_ID: z.string().optional(),
  POSNET_ENC_KEY: z.string().optional(),
  POSNET_XML_URL: z.url().optional(),
  POSNET_OOS_TDS_URL: z.url().optional(),
  /** SMS gateway: `verimor` (Verimor HTTP API v2, needs VERIMOR_USERNAME and VERIMOR_PASSWORD); unset is the
   * local gateway writing DATA_DIR/sms. */
  SMS_PROVIDER: z.enum(['verimor']).optional(),
  VERIMOR_USERNAME: z.string().optional(),
  VERIMOR_PASSWORD: z.string().optional(),
  VERIMOR_API_URL: z.url().default('https://sms.verimor.com.tr'),
  /** The sender name (başlık) of every SMS, approved at the gateway. */
  SMS_SOURCE_ADDR: z.string().min(1).max(11).default('KURSPANEL'),
  /** How often delivery reports and replies are fetched (ms). */
  SMS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(5000),
  /** Local gateway only: how long after the send each message is reported delivered (ms). */
  SMS_LOCAL_DELIVERY_MS: z.coerce.number().int().min(0).default(1000),
  /** How often the automatic SMS notices are decided (ms); 0 switches the round off (tests queue it). */
  SMS_NOTICE_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  /** ImageKit as the image host (api.md 7.5); all three set or none: unset, the server itself hosts images. */
  IMAGEKIT_PUBLIC_KEY: z.string().min(1).optional(),
  IMAGEKIT_PRIVATE_KEY: z.string().min(1).optional(),
  IMAGEKIT_URL_ENDPOINT: z.url().optional(),
  /** ImageKit's API, where a removed image's file is deleted (a stand-in's address in tests). */
  IMAGEKIT_API_URL: z.url().default('https://api.imagekit.io'),
  COMPANY_NAME: z.string().default('KursPanel Yazılım Ltd. Şti.'),
  COMPANY_ADDRESS: z.string().default('Maslak Mah. Büyükdere Cad. No:1, 34398 Sarıyer/İstanbul'),
  COMPANY_EMAIL: z.string().default('destek@kurspanel.com.tr'),
  COMPANY_PHONE: z.string().default('0850 000 00 00'),
  COMPANY_KEP: z.string().default('kurspanel@hs01.kep.tr'),
  COMPANY_TAX_OFFICE: z.string().default('Maslak V.D.'),
  COMPANY_TAX_NUMBER: z.string().default('0000000000'),
  COMPANY_MERSIS: z.string().default('0000000000000000'),
  COMPANY_TRADE_REGISTRY: z.string().default('İstanbul Ticaret Sicili No: 000000'),
  COMPANY_CHAMBER: z.string().default('İstanbul Ticaret Odası'),
});

export type AppConfig = Readonly<z.infer<typeof schema>> & {
  jwtSecret: string;
  /** DATA_ENCRYPTION_KEY, or the one kept in DATA_DIR (base64 of 32 bytes). */
  dataEncryptionKey: string;
  isProduction: boolean;
  testAids: boolean;
};

/** Every variable the configuration reads (the README's table lists each of them). */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as Array<keyof typeof schema.shape>;

type NestLogLevel = 'error' | 'warn' | 'log' | 'debug';

/** The Nest logger levels LOG_LEVEL turns on: the level named and every more severe one. */
export function logLevels(level: AppConfig['LOG_LEVEL']): NestLogLevel[] {
  const order: NestLogLevel[] = ['error', 'warn', 'log', 'debug'];
  return order.slice(0, order.indexOf(level) + 1);
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const r = schema.safeParse(env);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = r.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.JWT_SECRET)
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production');
  // spec README: the test-only aids exist only when switched on explicitly, never in production (a mock
  // payment there would activate memberships nobody paid for).
  const testAids = c.TEST_AIDS === 'on';
  if (isProduction && testAids)
    throw new ConfigError(
      'Invalid configuration:\n  TEST_AIDS: must not be on in production (the mock payment would accept unpaid orders); unset it or set TEST_AIDS=off',
    );
  // `npm start` runs the server inside apps/server while `npm run cli` runs at the root: relative directories
  // are taken from where npm was started (INIT_CWD), so both open the same `.data/` (README).
  const base = env.INIT_CWD || process.cwd();
  const dir = (d: string) => (isAbsolute(d) ? d : resolve(base, d));
  const DATA_DIR = dir(c.DATA_DIR);
  const MAIL_DIR = c.MAIL_DIR ? dir(c.MAIL_DIR) : undefined;
  // No secret written in the code ever verifies a token: without JWT_SECRET a random one is made once and
  // kept in DATA_DIR, so sessions survive restarts of the embedded default.
  const jwtSecret = c.JWT_SECRET ?? dataDirSecret(DATA_DIR);
  // The same for the master key of the students' data keys: made once, kept beside the embedded database.
  const dataEncryptionKey = c.DATA_ENCRYPTION_KEY ?? dataDirKey(DATA_DIR);
  if (c.SMS_PROVIDER === 'verimor' && (!c.VERIMOR_USERNAME || !c.VERIMOR_PASSWORD))
    throw new ConfigError(
      'Invalid configuration:\n  VERIMOR_USERNAME, VERIMOR_PASSWORD: required with SMS_PROVIDER=verimor',
    );
  return Object.freeze({ ...c, DATA_DIR, MAIL_DIR, jwtSecret, dataEncryptionKey, isProduction, testAids });
}

function dataDirKey(dataDir: string): string {
  const file = join(dataDir, 'data-encryption-key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // wx: of two processes starting together the first one's key stays (a second would unwrap nothing).
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const kept = readFileSync(file, 'utf8').trim();
  // Never replaced silently: a new master key would leave every stored data key unreadable.
  if (Buffer.from(kept, 'base64').length !== 32)
    throw new ConfigError(`Invalid configuration:\n  ${file}: must hold 32 bytes in base64`);
  return kept;
}

function dataDirSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
