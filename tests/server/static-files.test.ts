import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress';
import { buildApp } from '../../server/app';
import type { Database, DatabaseHandle } from '../../server/db/client';
import { testSecret } from './support/test-api';

const noDatabase: DatabaseHandle = { db: {} as Database, kind: 'pglite', close: async () => {} };
const script = `export const rows = [${Array.from({ length: 400 }, (_, index) => `'row ${index}'`).join(', ')}];\n`;
const page = `<!doctype html><title>Loupe</title>${'<!-- padding -->'.repeat(100)}`;

describe('the console’s static files', () => {
  let dir = '';
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loupe-precompressed-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), page);
    await writeFile(join(dir, 'assets', 'index-Ab12Cd34.js'), script);
    await writeFile(join(dir, 'assets', 'tiny-Ef56Gh78.js'), 'export {};\n');
    await precompressDirectory(dir);
    app = await buildApp({ database: noDatabase, config: { jwtSecret: testSecret }, staticDir: dir });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/assets/index-Ab12Cd34.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a hashed asset brotli-compressed to a browser that accepts br, cached for a year as immutable', async () => {
    const answer = await asset('gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client that accepts gzip but not br', async () => {
    const answer = await asset('gzip, deflate');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(answer.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts neither, or asks for nothing', async () => {
    for (const acceptEncoding of ['identity', 'deflate', undefined]) {
      const answer = await asset(acceptEncoding);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.body).toBe(script);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends a file too small to be worth compressing as it is, whatever the client accepts', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/assets/tiny-Ef56Gh78.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe('export {};\n');
  });

  it('sends index.html compressed but revalidated on every load (no-cache), for / and for page routes', async () => {
    const headers = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
    for (const url of ['/', '/index.html', '/users/all-users']) {
      const answer = await app.inject({ method: 'GET', url, headers });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(page);
    }
  });
});
