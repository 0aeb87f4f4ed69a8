import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints, apiPrefix } from '../../domain/api';
import { defineArea, get, permissionsOfCall } from '../../domain/endpoint';
import { isPermission } from '../../domain/permissions';
import { buildApp } from '../../server/app';
import type { Database, DatabaseHandle } from '../../server/db/client';
import { apiDocsUrl, openApiUrl } from '../../server/http/api-reference';
import { handle } from '../../server/http/handler';
import { routeUrl } from '../../server/http/register';
import { describeEachBackend } from './support/backends';
import { testSecret, useTestApi } from './support/test-api';

/** For what never reaches the database: building the app, static files, unknown routes. */
const noDatabase: DatabaseHandle = { db: {} as Database, kind: 'pglite', close: async () => {} };

const drifting = defineArea('drift', {
  wrong: get('drift/answer', {
    summary: 'Answers something the catalogue does not declare',
    permission: 'user_details_read',
    answer: z.object({ count: z.number() }),
  }),
});
const driftHandler = handle(drifting.wrong, async () => ({ count: 'three' }) as unknown as { count: number });

/** Calls reached through a signed, expiring URL instead of a session (the invoice PDF). */
/** …and the invitation's set-password link, whose single-use token is its permission. */
const signedLinkCalls = ['charges.invoicePdf', 'projects.downloadZip', 'staff.setPassword', 'audit.exportCsv'];

describe('the catalogue', () => {
  it('names a permission for every call but the auth calls', () => {
    for (const endpoint of allEndpoints) {
      const names = permissionsOfCall(endpoint);
      if (endpoint.auth === 'access') {
        expect(names.length, endpoint.id).toBeGreaterThan(0);
        for (const name of names) expect(isPermission(name), `${endpoint.id}: ${name}`).toBe(true);
      } else {
        // Besides sign-in, only a signed link's target may go without a session: its signature is its permission.
        expect(endpoint.id.startsWith('auth.') || signedLinkCalls.includes(endpoint.id), endpoint.id).toBe(true);
        expect(endpoint.permission, endpoint.id).toBeNull();
      }
    }
  });

  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(allEndpoints.map((endpoint) => endpoint.id)).size).toBe(allEndpoints.length);
    expect(new Set(allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).size).toBe(
      allEndpoints.length,
    );
  });
});

describe('registration', () => {
  it('refuses a staff call without a permission', async () => {
    const open = defineArea('open', {
      door: get('open/door', { summary: 'no permission', permission: null, answer: z.object({}) }),
    });
    const extraHandlers = [handle(open.door, async () => ({}))];
    await expect(buildApp({ database: noDatabase, config: { jwtSecret: testSecret }, extraHandlers })).rejects.toThrow(
      /must name its permission/,
    );
  });
});

describeEachBackend('routes', (backend) => {
  const t = useTestApi(backend, { extraHandlers: [driftHandler] });

  it('registers exactly the catalogue under /admin (and the extra calls given to buildApp), besides its reference', () => {
    const registered = t.api.app.registeredRoutes
      .filter((route) => route.url === apiPrefix || route.url.startsWith(`${apiPrefix}/`))
      .filter((route) => route.url !== openApiUrl && !route.url.startsWith(apiDocsUrl))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const declared = [...allEndpoints, drifting.wrong]
      .map((endpoint) => `${endpoint.method} ${routeUrl(endpoint)}`)
      .sort();
    expect(registered).toEqual(declared);
  });

  it('answers 404 {detail} for anything else under /admin, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/admin/nope'],
      ['POST', '/admin/users/1/actions/delete_everything'],
      ['GET', '/admin/auth/login'],
      ['DELETE', '/admin/users/1'],
      ['GET', '/admin'],
    ] as const) {
      const response = await t.api.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'No such call', code: 'not_found' });
    }
  });

  it('fails a handler whose answer drifts from the catalogue (checked under test)', async () => {
    const admin = await t.api.signIn('ADMIN');
    const result = await admin.get(drifting.wrong);
    expect(result.status).toBe(500);
    expect(result.error.code).toBe('internal');
  });
});

describe('the console build', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loupe-static-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Loupe</title>');
    await writeFile(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is served at / with a history-mode fallback for page loads, and never shadows /admin', async () => {
    const app = await buildApp({ database: noDatabase, config: { jwtSecret: testSecret }, staticDir: dir });
    try {
      const html = { accept: 'text/html,application/xhtml+xml' };
      const root = await app.inject({ method: 'GET', url: '/', headers: html });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>Loupe</title>');
      const deep = await app.inject({ method: 'GET', url: '/users/42/general', headers: html });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toContain('text/html');
      expect(deep.body).toContain('<title>Loupe</title>');
      const plain = await app.inject({ method: 'GET', url: '/login', headers: { accept: '*/*' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toContain('<title>Loupe</title>');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);
      const api = await app.inject({ method: 'GET', url: '/admin/nope', headers: html });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ detail: 'No such call' });
    } finally {
      await app.close();
    }
  });
});
