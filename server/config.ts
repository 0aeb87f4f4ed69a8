import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Failed sign-in limits: per e-mail (locks that account) and, much higher, per address (offices share one). */
export interface LoginLimits {
  windowSeconds: number;
  perAccount: number;
  perAddress: number;
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
  /** Mark the XSRF cookie `Secure` (behind HTTPS). */
  secureCookies: boolean;
}

export const defaultLoginLimits: LoginLimits = { windowSeconds: 15 * 60, perAccount: 10, perAddress: 100 };

/** The defaults of everything but the secret. */
export const configDefaults: Omit<AppConfig, 'jwtSecret'> = {
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 14 * 24 * 60 * 60,
  refreshGraceSeconds: 10,
  loginLimits: defaultLoginLimits,
  idempotencyWaitMs: 5000,
  secureCookies: false,
};

/** A config from the secret and any overrides. */
export function appConfig(input: Partial<AppConfig> & { jwtSecret: string }): AppConfig {
  return {
    ...configDefaults,
    ...input,
    loginLimits: { ...defaultLoginLimits, ...input.loginLimits },
  };
}

/** The process environment as `npm start` reads it (README: Configuration). */
export interface Environment {
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  seed: 'demo' | 'none';
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
 * Reads PORT, DATABASE_URL, DATA_DIR, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, JWT_SECRET and SEED.
 * Without JWT_SECRET: generated once into DATA_DIR for PGlite; refused with DATABASE_URL (several servers must share it).
 */
export async function readEnvironment(env: NodeJS.ProcessEnv = process.env): Promise<Environment> {
  const { databaseUrl, dataDir } = loadConfig(env);
  const seed = env.SEED || 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new ConfigError(`SEED must be "demo" or "none", got "${seed}"`);
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
  return {
    port: positiveInteger(env, 'PORT', 8080),
    databaseUrl,
    dataDir,
    seed,
    config: appConfig({
      jwtSecret,
      accessTokenTtlSeconds: positiveInteger(env, 'ACCESS_TOKEN_TTL_SECONDS', configDefaults.accessTokenTtlSeconds),
      refreshTokenTtlSeconds: positiveInteger(env, 'REFRESH_TOKEN_TTL_SECONDS', configDefaults.refreshTokenTtlSeconds),
      secureCookies: env.SECURE_COOKIES === 'true',
    }),
  };
}
