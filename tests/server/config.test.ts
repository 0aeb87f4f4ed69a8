import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readEnvironment } from '../../server/config';

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
    const env = await readEnvironment({ DATABASE_URL: 'postgres://db/loupe', JWT_SECRET: 's'.repeat(40) });
    expect(env.config.jwtSecret).toBe('s'.repeat(40));
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
