import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TIMEOUT_MS } from '../lib/database';
import { RoleSchema, type Role } from '@book-warehouse/types';

/** The workspace root, found from this file whether it runs from src/ (tsx, jest) or the dist/ bundle. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);

/** Open Library's Books API, the default book-data service: title, subtitle, authors, publishers and cover URLs in one call. */
const OPEN_LIBRARY_URL = 'https://openlibrary.org/api/books?bibkeys=ISBN:{isbn}&format=json&jscmd=data';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], 'must be development, production or test').default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number('must be a port number').int().min(0).max(65535, 'must be a port number').default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A full MongoDB connection string. Without it an embedded MongoDB 4.0 is started. */
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional(),
  MONGODB_DB_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,38}$/, 'must be 1-38 letters, digits, _ or -')
    .default('book-warehouse'),
  /** Where the embedded MongoDB keeps its files. */
  MONGO_DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data/mongo')),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id')
    .default('demo-book-warehouse'),
  /**
   * host:port of the Firebase Auth Emulator. When set, the API accepts the emulator's unsigned ID tokens, so
   * only on a loopback HOST and outside production (see `assertEmulatorIsLocal`).
   */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port')
    .optional(),
  /** Secret for the API's own short-lived tokens (POST /api/token). At least 32 characters. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Comma-separated origins allowed to call the API from another origin. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('must be a comma-separated list of origins'))),
  /** Write requests (POST, PUT, DELETE) allowed per signed-in account per minute. */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number('must be a number').int().min(1).default(120),
  /** GET requests allowed per client address per minute. */
  READ_RATE_LIMIT_PER_MINUTE: z.coerce.number('must be a number').int().min(1).default(1200),
  /** Whole-list reads (GET /books, /bookbytext, /histories without `limit`) per client address per minute. */
  UNBOUNDED_READ_RATE_LIMIT_PER_MINUTE: z.coerce.number('must be a number').int().min(1).default(30),
  /**
   * How often each instance adds the reads it counted in memory to the shared counters, in ms: a client spreading
   * its reads over N instances can exceed READ_RATE_LIMIT_PER_MINUTE by what they accept in about this long.
   */
  RATE_LIMIT_FLUSH_MS: z.coerce.number('must be a number').int().min(10).max(10_000).default(250),
  /** GET /api/events streams one account may hold open on one instance (429 beyond); the web app's tabs share one. */
  EVENT_STREAMS_PER_ACCOUNT: z.coerce.number('must be a number').int().min(1).default(5),
  /** GET /api/events streams one instance holds open in all (429 beyond): each costs a socket and its buffers. */
  EVENT_STREAMS_TOTAL: z.coerce.number('must be a number').int().min(1).default(1000),
  /** How many proxies in front of the API set X-Forwarded-For (the client address for the rate limits); false: none. */
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d{1,2})$/, 'must be a number of proxy hops (1 behind one load balancer) or false')
    .default('false')
    .transform((v) => (v === 'false' ? false : Number(v))),
  /** Comma-separated e-mails of the accounts that are always admins. */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses'))),
  /** The role of a new account: unset, `staff` with the Auth Emulator and `viewer` otherwise. */
  DEFAULT_ROLE: RoleSchema.optional(),
  /**
   * The largest JSON body (413 beyond). The largest valid ones are a count session's: 10,000 book ids in its scope
   * (about 270 kB) or 10,000 decisions with their reasons (about 740 kB), so 100kb refused bodies the schemas allow.
   */
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/, 'must look like 100kb')
    .default('1mb'),
  /**
   * The built web app to serve beside the API ('' to serve the API alone). The landing page's drawing per
   * request is read from `dist-ssr` beside it (modules/pages/public-pages.ts).
   */
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /**
   * Fill an empty database with demo books and reviews at start-up. Default: true, but false when
   * NODE_ENV=production (a real warehouse starts empty unless asked).
   */
  SEED_DEMO_DATA: bool.optional(),
  /** Milliseconds to wait for in-flight requests on SIGTERM before closing. */
  SHUTDOWN_GRACE_MS: z.coerce.number('must be a number').int().min(0).default(10_000),
  /**
   * Milliseconds between SIGTERM and closing the listener, during which readiness answers 503 while
   * requests are still served: long enough for a load balancer's health checks to take the instance out.
   */
  SHUTDOWN_READY_DELAY_MS: z.coerce.number('must be a number').int().min(0).default(5000),
  /** The deadline of each database operation (lib/database.ts); past it the request answers 503. */
  DB_TIMEOUT_MS: z.coerce.number('must be a number').int().min(100, 'must be at least 100').default(DEFAULT_TIMEOUT_MS),
  /**
   * The book-data service of the ISBN lookup (GET /api/isbn/{isbn}): a URL with {isbn} where the 13 digits
   * go, answering like Open Library's Books API (jscmd=data); `off` turns the lookup off (it answers 503).
   */
  ISBN_LOOKUP_URL: z
    .string()
    .default(OPEN_LIBRARY_URL)
    .refine(
      (v) => v === 'off' || (/^https?:\/\/[^\s/]+/.test(v) && v.includes('{isbn}')),
      'must be off or an http(s) URL containing {isbn}',
    )
    .transform((v) => (v === 'off' ? undefined : v)),
  /** The deadline of one ISBN lookup, its cover download included; past it the lookup answers 503. */
  ISBN_LOOKUP_TIMEOUT_MS: z.coerce
    .number('must be a number')
    .int()
    .min(100, 'must be at least 100')
    .max(30_000, 'must be at most 30000')
    .default(3000),
});

/** Defaults that depend on other variables. */
const ConfigSchema = EnvSchema.transform((env) => ({ ...env, SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production' }));

/** Every variable the API reads (the .env.example test compares them with the file). */
export const API_VARIABLES = Object.keys(EnvSchema.shape);

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    // Name the variable itself; an index inside a list (CORS_ORIGINS.0) would only confuse.
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  assertEmulatorIsLocal(config);
  if (config.NODE_ENV === 'production' && !config.MONGODB_URI) {
    throw new ConfigError(
      'MONGODB_URI: required when NODE_ENV=production. Without it each instance would start an embedded database of its own ' +
        '(no shared stock, no failover). Set it to your replica set (docs/operations.md).',
    );
  }
  return config;
}

/** The addresses only this machine can reach. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * In emulator mode anyone who can reach the API can sign a token by hand and act as anyone: the emulator's
 * tokens carry no signature. So emulator mode is a local-only mode: the API must listen on a loopback
 * address and must not run in production. Anything else stops start-up, naming the variable to change.
 */
function assertEmulatorIsLocal(config: Config): void {
  if (!config.FIREBASE_AUTH_EMULATOR_HOST) return;
  const why =
    'the Firebase Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST) accepts unsigned tokens, so anyone reaching the API could act as anyone.';
  if (config.NODE_ENV === 'production') {
    throw new ConfigError(`NODE_ENV: production refuses ${why} Unset FIREBASE_AUTH_EMULATOR_HOST and configure a real Firebase project.`);
  }
  if (!LOOPBACK_HOSTS.has(config.HOST)) {
    throw new ConfigError(
      `HOST: ${config.HOST} is not a loopback address (127.0.0.1, ::1, localhost), and ${why} ` +
        'Listen on 127.0.0.1, or unset FIREBASE_AUTH_EMULATOR_HOST and configure a real Firebase project.',
    );
  }
}

/** loadConfig for an entry point: a bad value prints the message and exits with EX_CONFIG (78), no stack. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
}

/**
 * The role a new account gets: DEFAULT_ROLE, or `staff` against the Auth Emulator (so the spec's journeys
 * work unchanged: register, then manage items) and `viewer` with a real Firebase project, where anyone may
 * register (docs/decisions/009-roles.md).
 */
export const defaultRole = (config: Pick<Config, 'DEFAULT_ROLE' | 'FIREBASE_AUTH_EMULATOR_HOST'>): Role =>
  config.DEFAULT_ROLE ?? (config.FIREBASE_AUTH_EMULATOR_HOST ? 'staff' : 'viewer');
