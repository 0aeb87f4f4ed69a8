import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hstsValue, inlineScriptHashes } from '../../server/http/security-headers';
import { type TestApi, testApi } from './support/test-api';

const themeScript = "document.documentElement.classList.remove('dark');";
const indexHtml = `<!doctype html><html><head><script>${themeScript}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  let consoleDir: string;
  let api: TestApi;
  let secure: TestApi;

  beforeAll(async () => {
    consoleDir = await mkdtemp(join(tmpdir(), 'loupe-headers-'));
    await writeFile(join(consoleDir, 'index.html'), indexHtml);
    api = await testApi({ staticDir: consoleDir, trustProxy: ['10.9.0.1'] });
    secure = await testApi({ config: { secureCookies: true } });
  });
  afterAll(async () => {
    await api?.close();
    await secure?.close();
    await rm(consoleDir, { recursive: true, force: true });
  });

  it('serves the console with a strict CSP: own scripts and the hashed theme script only, no framing', async () => {
    const page = await api.inject({ method: 'GET', url: '/users', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    const themeHash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;
    expect(csp['script-src']).toEqual(["'self'", themeHash]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    for (const values of Object.values(csp)) expect(values).not.toContain("'unsafe-inline'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('puts the same headers on API answers, errors included', async () => {
    const answer = await api.anonymous.get(api.users.get, { user_id: 1 });
    expect(answer.status).toBe(401);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(directives(answer.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });

  it('sends HSTS only behind TLS: a request via https through a trusted proxy, or SECURE_COOKIES', async () => {
    const plain = await api.inject({ method: 'GET', url: '/admin/auth/refresh' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await api.inject({
      method: 'GET',
      url: '/admin/auth/refresh',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.1.1.1',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await api.inject({
      method: 'GET',
      url: '/admin/auth/refresh',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.9.0.1',
    });
    expect(proxied.headers['strict-transport-security']).toBe(hstsValue);
    const behindTls = await secure.inject({ method: 'GET', url: '/admin/auth/refresh' });
    expect(behindTls.headers['strict-transport-security']).toBe(hstsValue);
  });

  it('hashes every inline script of index.html and none that loads a file', async () => {
    expect(await inlineScriptHashes(consoleDir)).toHaveLength(1);
    expect(await inlineScriptHashes(null)).toEqual([]);
  });
});
