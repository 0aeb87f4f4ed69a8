import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseTrustProxy, readEnvironment, s3SettingsFrom } from '../../server/config';

describe('configuration from the environment', () => {
  const dirs: string[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loupe-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('defaults: port 8080, PGlite in DATA_DIR, 900 s access, 14 days refresh, demo seed', async () => {
    const dir = await dataDir();
    const env = await readEnvironment({ DATA_DIR: dir });
    expect(env.port).toBe(8080);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.dataDir).toBe(dir);
    expect(env.seed).toBe('demo');
    expect(env.config.accessTokenTtlSeconds).toBe(900);
    expect(env.config.refreshTokenTtlSeconds).toBe(14 * 24 * 3600);
    expect(env.config.refreshGraceSeconds).toBe(10);
    expect(env.warnings).toEqual([]);
    expect(env.trustProxy).toBe(false);
    expect(env.timeouts.requestMs).toBe(10_000);
    expect(env.config.anonymousRate).toEqual({ burst: 60, perMinute: 60 });
  });

  it('seeds no demo staff on a PostgreSQL database unless SEED=demo asks for it, and then warns', async () => {
    const production = {
      DATABASE_URL: 'postgres://db/loupe',
      JWT_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://admin.example.com',
    };
    const quiet = await readEnvironment(production);
    expect(quiet.seed).toBe('none');
    expect(quiet.warnings).toEqual([]);
    const asked = await readEnvironment({ ...production, SEED: 'demo' });
    expect(asked.seed).toBe('demo');
    expect(asked.warnings).toHaveLength(1);
    expect(asked.warnings[0]).toMatch(/SEED=demo.*public password/);
  });

  it('marks cookies Secure outside development and tests, unless SECURE_COOKIES says otherwise', async () => {
    const dir = await dataDir();
    expect((await readEnvironment({ DATA_DIR: dir })).config.secureCookies).toBe(true);
    expect((await readEnvironment({ DATA_DIR: dir, NODE_ENV: 'production' })).config.secureCookies).toBe(true);
    expect((await readEnvironment({ DATA_DIR: dir, NODE_ENV: 'development' })).config.secureCookies).toBe(false);
    expect((await readEnvironment({ DATA_DIR: dir, NODE_ENV: 'test' })).config.secureCookies).toBe(false);
    expect((await readEnvironment({ DATA_DIR: dir, SECURE_COOKIES: 'false' })).config.secureCookies).toBe(false);
    const forced = await readEnvironment({ DATA_DIR: dir, NODE_ENV: 'development', SECURE_COOKIES: 'true' });
    expect(forced.config.secureCookies).toBe(true);
    await expect(readEnvironment({ DATA_DIR: dir, SECURE_COOKIES: 'yes' })).rejects.toThrow(/SECURE_COOKIES/);
  });

  it('reads TRUST_PROXY as true, false or a list of proxy addresses and CIDRs', async () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['2', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/8', 'yes']) {
      expect(() => parseTrustProxy(wrong), wrong).toThrow(ConfigError);
    }
    const dir = await dataDir();
    expect((await readEnvironment({ DATA_DIR: dir, TRUST_PROXY: '10.1.2.3' })).trustProxy).toEqual(['10.1.2.3']);
  });

  it('reads the bucket settings (S3_*): none without S3_BUCKET, AWS defaults, and refuses what cannot work', () => {
    expect(s3SettingsFrom({})).toBeNull();
    const keys = { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(s3SettingsFrom({ S3_BUCKET: 'loupe-banners', ...keys })).toEqual({
      bucket: 'loupe-banners',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(
      s3SettingsFrom({
        S3_BUCKET: 'b12',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-1',
        S3_FORCE_PATH_STYLE: 'true',
        ...keys,
      }),
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: true });
    const refused: [NodeJS.ProcessEnv, string][] = [
      [{ S3_BUCKET: 'Loupe_Banners', ...keys }, 'S3_BUCKET must be a bucket name'],
      [{ S3_BUCKET: 'b12' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too'],
      [{ S3_BUCKET: 'b12', S3_ENDPOINT: 'minio:9000', ...keys }, 'S3_ENDPOINT must be an http(s) origin'],
      [{ S3_BUCKET: 'b12', S3_ENDPOINT: 'https://s3.example.com/bucket', ...keys }, 'without a path'],
      [{ S3_BUCKET: 'b12', S3_REGION: 'EU West', ...keys }, 'S3_REGION must be a region name'],
      [{ S3_BUCKET: 'b12', S3_FORCE_PATH_STYLE: 'yes', ...keys }, 'S3_FORCE_PATH_STYLE must be "true" or "false"'],
    ];
    for (const [env, message] of refused) {
      expect(() => s3SettingsFrom(env)).toThrow(ConfigError);
      expect(() => s3SettingsFrom(env)).toThrow(message);
    }
  });

  it('reads the request timeout and the anonymous rate', async () => {
    const dir = await dataDir();
    const env = await readEnvironment({ DATA_DIR: dir, REQUEST_TIMEOUT_SECONDS: '3', ANONYMOUS_RATE_PER_MINUTE: '20' });
    expect(env.timeouts.requestMs).toBe(3000);
    expect(env.config.anonymousRate).toEqual({ burst: 20, perMinute: 20 });
    await expect(readEnvironment({ DATA_DIR: dir, REQUEST_TIMEOUT_SECONDS: '0' })).rejects.toThrow(/REQUEST_TIMEOUT/);
  });

  it('generates the JWT secret once for PGlite and keeps it in DATA_DIR/jwt-secret (mode 0600)', async () => {
    const dir = await dataDir();
    const first = await readEnvironment({ DATA_DIR: dir });
    const second = await readEnvironment({ DATA_DIR: dir });
    expect(first.config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.config.jwtSecret).toBe(first.config.jwtSecret);
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(first.config.jwtSecret);
    expect((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  });

  it('refuses to start with DATABASE_URL but no JWT_SECRET, and says what to do', async () => {
    await expect(readEnvironment({ DATABASE_URL: 'postgres://db/loupe' })).rejects.toThrow(ConfigError);
    await expect(readEnvironment({ DATABASE_URL: 'postgres://db/loupe' })).rejects.toThrow(/JWT_SECRET/);
    const env = await readEnvironment({
      DATABASE_URL: 'postgres://db/loupe',
      JWT_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://admin.example.com/',
    });
    expect(env.config.jwtSecret).toBe('s'.repeat(40));
  });

  it('builds links from PUBLIC_URL, required with DATABASE_URL; without it from the listen address (HOST, 127.0.0.1)', async () => {
    // Issue 19 items 4 and 8: links never take their host from a request; the server listens on HOST.
    const shared = { DATABASE_URL: 'postgres://db/loupe', JWT_SECRET: 's'.repeat(40) };
    await expect(readEnvironment(shared)).rejects.toThrow(/PUBLIC_URL is not set/);
    const env = await readEnvironment({ ...shared, PUBLIC_URL: 'https://admin.example.com/loupe/' });
    expect(env.config.publicUrl).toBe('https://admin.example.com/loupe');
    for (const bad of [
      'admin.example.com',
      'ftp://admin.example.com',
      'https://u:p@admin.example.com',
      'https://a.example/?x=1',
    ]) {
      await expect(readEnvironment({ ...shared, PUBLIC_URL: bad }), bad).rejects.toThrow(ConfigError);
    }
    const dir = await dataDir();
    const local = await readEnvironment({ DATA_DIR: dir, PORT: '9090' });
    expect(local.host).toBe('127.0.0.1');
    expect(local.config.publicUrl).toBe('http://127.0.0.1:9090');
    const everywhere = await readEnvironment({ DATA_DIR: dir, PORT: '9090', HOST: '0.0.0.0' });
    expect(everywhere.host).toBe('0.0.0.0');
    expect(everywhere.config.publicUrl).toBe('http://127.0.0.1:9090');
  });

  it('reads PORT, the TTLs and SEED, and refuses nonsense', async () => {
    const dir = await dataDir();
    const env = await readEnvironment({
      DATA_DIR: dir,
      PORT: '9090',
      ACCESS_TOKEN_TTL_SECONDS: '2',
      REFRESH_TOKEN_TTL_SECONDS: '60',
      SEED: 'none',
    });
    expect([env.port, env.config.accessTokenTtlSeconds, env.config.refreshTokenTtlSeconds, env.seed]).toEqual([
      9090,
      2,
      60,
      'none',
    ]);
    await expect(readEnvironment({ DATA_DIR: dir, PORT: 'eighty' })).rejects.toThrow(/PORT/);
    await expect(readEnvironment({ DATA_DIR: dir, ACCESS_TOKEN_TTL_SECONDS: '-1' })).rejects.toThrow(/ACCESS/);
    await expect(readEnvironment({ DATA_DIR: dir, SEED: 'lots' })).rejects.toThrow(/SEED/);
    await expect(readEnvironment({ DATA_DIR: dir, JWT_SECRET: 'short' })).rejects.toThrow(/32/);
  });
});
