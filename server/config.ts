import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * Failed sign-in limits (server/auth/login-limits.ts, docs/api.md, sign-in limits). No hard lock of an account: a browser
 * holding the account's device cookie only counts its own failures; failures from unknown devices slow the account
 * down progressively; an address and an account-and-address pair have fixed bounds.
 */
export interface LoginLimits {
  /** The sliding window of the per-address, per-pair and per-device bounds. */
  windowSeconds: number;
  /** Failures of one e-mail from one address (unknown devices) within the window before that pair waits it out. */
  perAccountAddress: number;
  /** Failures from one address (any e-mail) within the window; offices share an address, so this is much higher. */
  perAddress: number;
  /** Failures from one device cookie within the window before that browser waits it out. */
  perDevice: number;
  /** Failures of one e-mail from unknown devices (since its last sign-in, within a day) that are free of delay… */
  freeFailures: number;
  /** …after which the k-th further attempt waits 2^k seconds after the last failure, at most this long. */
  maxDelaySeconds: number;
}

/** Calls answered before a caller is known (sign-in, refresh, sign-out, and any 401), per client address. */
export interface AnonymousRate {
  /** Calls one address may make at once… */
  burst: number;
  /** …refilled at this rate. */
  perMinute: number;
}

/** What the admin API needs to know, whoever starts it (main.ts, tests, e2e). */
export interface AppConfig {
  /** HS256 key for access tokens and the cross-site request token. */
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long the immediately previous refresh token still works after rotation (two tabs refreshing at once). */
  refreshGraceSeconds: number;
  loginLimits: LoginLimits;
  /** How long a money call waits for the same Idempotency-Key still running before answering 409. */
  idempotencyWaitMs: number;
  /** Mark the XSRF and device cookies `Secure` and send HSTS (behind HTTPS). */
  secureCookies: boolean;
  anonymousRate: AnonymousRate;
  /**
   * The origin (and path prefix) links that others open are built from — promotion links, invitation links, upload
   * URLs: `PUBLIC_URL`, else (development) the configured listen address. Never the request's Host or Origin.
   */
  publicUrl: string;
  /** Live streams (console tabs) one staff member may hold open in one process; past it, 429. */
  liveStreamsPerStaff: number;
  /** The mail capture's read side (`MAIL_CAPTURE_URL`, set by `npm start` on the demo): e-mails are read back from it. */
  mailCaptureUrl: string | null;
}

export const defaultLoginLimits: LoginLimits = {
  windowSeconds: 15 * 60,
  perAccountAddress: 10,
  perAddress: 100,
  perDevice: 10,
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
};

export const defaultAnonymousRate: AnonymousRate = { burst: 60, perMinute: 60 };

/** The defaults of everything but the secret. */
export const configDefaults: Omit<AppConfig, 'jwtSecret'> = {
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 14 * 24 * 60 * 60,
  refreshGraceSeconds: 10,
  loginLimits: defaultLoginLimits,
  idempotencyWaitMs: 5000,
  secureCookies: false,
  anonymousRate: defaultAnonymousRate,
  publicUrl: 'http://127.0.0.1:8080',
  liveStreamsPerStaff: 20,
  mailCaptureUrl: null,
};

/** A config from the secret and any overrides. */
export function appConfig(input: Partial<AppConfig> & { jwtSecret: string }): AppConfig {
  return {
    ...configDefaults,
    ...input,
    loginLimits: { ...defaultLoginLimits, ...input.loginLimits },
    anonymousRate: { ...defaultAnonymousRate, ...input.anonymousRate },
  };
}

/**
 * Timeouts of the Node HTTP server (server/http/node-server.ts): a request whose headers and body have not all arrived
 * within `requestMs` is dropped (a trickling body included), an idle socket after `idleMs`, an idle keep-alive
 * connection after `keepAliveMs`.
 */
export interface ServerTimeouts {
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
}

export const defaultServerTimeouts: ServerTimeouts = { requestMs: 10_000, idleMs: 60_000, keepAliveMs: 72_000 };

/**
 * Fastify's `trustProxy`: believe no X-Forwarded-* header, every one (only when nothing but the proxy can reach the
 * server), or those added by these proxy addresses and CIDR ranges. (Fastify 5.12 ignores a hop count: it cannot
 * tell a direct client from the proxy, so we offer none.)
 */
export type TrustProxy = boolean | string[];

/** The process environment as `npm start` reads it (README: Configuration). */
export interface Environment {
  port: number;
  /** The address to listen on: `HOST`, default 127.0.0.1 (set 0.0.0.0 or the interface's address in production). */
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seed: 'demo' | 'none';
  /** Things to print at start (e.g. demo accounts on a PostgreSQL database). */
  warnings: string[];
  trustProxy: TrustProxy;
  timeouts: ServerTimeouts;
  config: AppConfig;
}

/** A configuration problem that should stop the server with a clear message instead of a stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new ConfigError(`${name} must be "true" or "false", got "${raw}"`);
}

const proxyPresets = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (proxyPresets.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or `false` (direct clients), `true`, or a comma-separated list of proxy addresses/CIDRs. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false or a comma-separated list of proxy addresses/CIDRs, got "${wrong.join(', ')}"`,
    );
  }
  return entries;
}

/** Outside development and tests cookies are `Secure` unless SECURE_COOKIES=false says otherwise. */
function secureCookiesOf(env: NodeJS.ProcessEnv): boolean {
  const development = env.NODE_ENV === 'development' || env.NODE_ENV === 'test';
  return flag(env, 'SECURE_COOKIES', !development);
}

/**
 * The S3-compatible bucket banner images are kept in (README: Configuration, `S3_*`); null without `S3_BUCKET`, when
 * files stay under `FILES_DIR`.
 */
export interface S3Settings {
  bucket: string;
  /** Origin of the S3 API, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000` (no path). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most self-hosted servers) instead of `bucket.endpoint/key` (AWS's default). */
  forcePathStyle: boolean;
}

const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const regionName = /^[a-z0-9-]{1,40}$/;

/** S3_BUCKET and its companions, checked; a wrong or missing one stops the server at start with what to fix. */
export function s3SettingsFrom(env: NodeJS.ProcessEnv = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  if (!bucketName.test(bucket)) {
    throw new ConfigError(
      `S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, dots, hyphens), got "${bucket}"`,
    );
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!regionName.test(region))
    throw new ConfigError(`S3_REGION must be a region name like eu-west-1, got "${region}"`);
  const rawEndpoint = env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`;
  let endpoint: URL;
  try {
    endpoint = new URL(rawEndpoint);
  } catch {
    throw new ConfigError(`S3_ENDPOINT must be a URL like https://s3.eu-west-1.amazonaws.com, got "${rawEndpoint}"`);
  }
  if ((endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') || endpoint.pathname.length > 1) {
    throw new ConfigError(`S3_ENDPOINT must be an http(s) origin without a path, got "${rawEndpoint}"`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too');
  }
  return {
    bucket,
    endpoint: endpoint.origin,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

/** The JWT secret kept in the data directory (mode 0600): read it, or make one on first start. */
async function storedSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'jwt-secret');
  try {
    const secret = (await readFile(file, 'utf8')).trim();
    if (secret.length >= 32) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Where the database is, from DATABASE_URL and DATA_DIR: all the CLIs (seed, staff) need. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): { databaseUrl: string | undefined; dataDir: string } {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: resolve(env.DATA_DIR || './data') };
}

/**
 * `PUBLIC_URL` (an http(s) URL without query or fragment, its trailing slash dropped); required with DATABASE_URL,
 * like JWT_SECRET: behind a balancer no server can know the address customers reach. Without it (development) the
 * listen address (0.0.0.0 and :: read as 127.0.0.1).
 */
function publicUrlOf(env: NodeJS.ProcessEnv, databaseUrl: string | undefined, host: string, port: number): string {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) {
    if (databaseUrl) {
      throw new ConfigError(
        'PUBLIC_URL is not set. With DATABASE_URL the links customers and staff open (promotion and invitation links) need the address they reach Loupe at: set PUBLIC_URL, e.g. https://admin.example.com.',
      );
    }
    const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    return `http://${local}:${port}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${raw}"`);
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL without query, fragment or credentials, got "${raw}"`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/**
 * Reads the README's Configuration table. Without JWT_SECRET: generated once into DATA_DIR for PGlite; refused with
 * DATABASE_URL (several servers must share it). SEED defaults to `demo` on PGlite only: with DATABASE_URL the demo
 * staff (public password) must be asked for with SEED=demo, and that is warned about.
 */
export async function readEnvironment(env: NodeJS.ProcessEnv = process.env): Promise<Environment> {
  const { databaseUrl, dataDir } = loadConfig(env);
  const seed = env.SEED || (databaseUrl ? 'none' : 'demo');
  if (seed !== 'demo' && seed !== 'none') throw new ConfigError(`SEED must be "demo" or "none", got "${seed}"`);
  const warnings =
    seed === 'demo' && databaseUrl
      ? [
          'WARNING: SEED=demo on a PostgreSQL database (DATABASE_URL): an empty database gets demo staff accounts ' +
            'with the public password. Use SEED=none (the default with DATABASE_URL) for real data.',
        ]
      : [];
  let jwtSecret = env.JWT_SECRET;
  if (jwtSecret !== undefined && jwtSecret !== '' && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  }
  if (!jwtSecret) {
    if (databaseUrl) {
      throw new ConfigError(
        'JWT_SECRET is not set. With DATABASE_URL every server must sign tokens with the same secret: set JWT_SECRET to a random string of at least 32 characters (e.g. `openssl rand -base64 48`).',
      );
    }
    jwtSecret = await storedSecret(dataDir);
  }
  const port = positiveInteger(env, 'PORT', 8080);
  const host = env.HOST || '127.0.0.1';
  return {
    port,
    host,
    databaseUrl,
    dataDir,
    seed,
    warnings,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeouts: {
      ...defaultServerTimeouts,
      requestMs: positiveInteger(env, 'REQUEST_TIMEOUT_SECONDS', defaultServerTimeouts.requestMs / 1000) * 1000,
    },
    config: appConfig({
      jwtSecret,
      publicUrl: publicUrlOf(env, databaseUrl, host, port),
      mailCaptureUrl: env.MAIL_CAPTURE_URL || null,
      accessTokenTtlSeconds: positiveInteger(env, 'ACCESS_TOKEN_TTL_SECONDS', configDefaults.accessTokenTtlSeconds),
      refreshTokenTtlSeconds: positiveInteger(env, 'REFRESH_TOKEN_TTL_SECONDS', configDefaults.refreshTokenTtlSeconds),
      secureCookies: secureCookiesOf(env),
      anonymousRate: {
        burst: positiveInteger(env, 'ANONYMOUS_RATE_PER_MINUTE', defaultAnonymousRate.burst),
        perMinute: positiveInteger(env, 'ANONYMOUS_RATE_PER_MINUTE', defaultAnonymousRate.perMinute),
      },
    }),
  };
}
