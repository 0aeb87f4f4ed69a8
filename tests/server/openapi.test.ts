import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../domain/api';
import { idempotencyHeader } from '../../domain/auth';
import { type Endpoint, isMutation, permissionsOfCall } from '../../domain/endpoint';
import { permissionTable } from '../../domain/permissions';
import { buildApp } from '../../server/app';
import type { Database, DatabaseHandle } from '../../server/db/client';
import { apiDocsUrl, openApiUrl } from '../../server/http/api-reference';
import { type OpenApiDocument, openApiDocument, openApiPath } from '../../server/http/openapi';
import { testSecret } from './support/test-api';

/** The reference is served without a session and never reaches the database. */
const noDatabase: DatabaseHandle = { db: {} as Database, kind: 'pglite', close: async () => {} };

function operationOf(document: OpenApiDocument, endpoint: Endpoint) {
  return document.paths[openApiPath(endpoint)]?.[endpoint.method.toLowerCase()];
}

describe('the OpenAPI document', () => {
  const document = openApiDocument();

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi.startsWith('3.1')).toBe(true);
  });

  it('has every call of the catalogue at its path and method, with its permission and the roles holding it', () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(allEndpoints.length);
    for (const endpoint of allEndpoints) {
      const operation = operationOf(document, endpoint);
      expect(operation?.operationId, endpoint.id).toBe(endpoint.id);
      const permissions = permissionsOfCall(endpoint);
      expect(operation?.['x-permission'], endpoint.id).toEqual(permissions);
      const roles = new Set(permissions.flatMap((permission) => permissionTable[permission]));
      expect(new Set(operation?.['x-roles']), endpoint.id).toEqual(roles);
      for (const permission of permissions) expect(operation?.description).toContain(`\`${permission}\``);
    }
  });

  it('writes paths with {placeholders} and declares each path parameter', () => {
    const giveCredit = allEndpoints.find((endpoint) => endpoint.id === 'userActions.giveCredit');
    expect(giveCredit && openApiPath(giveCredit)).toBe('/admin/users/{user_id}/actions/give_credit');
    for (const endpoint of allEndpoints) {
      const names = [...endpoint.path.matchAll(/:([a-zA-Z_]+)/g)].map((match) => match[1]);
      const declared = operationOf(document, endpoint)
        ?.parameters.filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      expect(declared, endpoint.id).toEqual(names);
    }
  });

  it('asks for the bearer token, the cross-site token on changes and an Idempotency-Key on money calls', () => {
    for (const endpoint of allEndpoints) {
      const operation = operationOf(document, endpoint);
      const schemes = operation?.security.flatMap((requirement) => Object.keys(requirement)) ?? [];
      if (endpoint.auth === 'none') expect(schemes, endpoint.id).toEqual([]);
      else expect(schemes, endpoint.id).toContain('bearer');
      expect(schemes.includes('xsrf'), endpoint.id).toBe(endpoint.auth === 'access' && isMutation(endpoint));
      const idempotency = operation?.parameters.find((parameter) => parameter.name === idempotencyHeader);
      expect(Boolean(idempotency?.required), endpoint.id).toBe(endpoint.money);
    }
  });

  it('describes request bodies as callers send them and answers as the server writes them', () => {
    type Content = { content: Record<string, { schema: { required?: string[]; properties?: object } }> };
    const login = document.paths['/admin/auth/login']?.post;
    if (!login) throw new Error('auth.login is missing');
    const body = (login.requestBody as Content).content['application/json'];
    expect(body?.schema.required).toEqual(['email', 'password']);
    const answer = (login.responses['200'] as Content).content['application/json'];
    expect(Object.keys(answer?.schema.properties ?? {})).toContain('access_token');
  });
});

describe('the API reference', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ database: noDatabase, config: { jwtSecret: testSecret } });
  });
  afterAll(() => app.close());

  it('serves the document at /admin/openapi.json without a session', async () => {
    const response = await app.inject({ method: 'GET', url: openApiUrl });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('serves a browsable page from the package (no CDN) under its own policy, scripts from the origin only', async () => {
    const page = await app.inject({ method: 'GET', url: `${apiDocsUrl}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\//);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    const bundle = await app.inject({ method: 'GET', url: `${apiDocsUrl}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    const spec = await app.inject({ method: 'GET', url: `${apiDocsUrl}/json` });
    expect(spec.json().paths).toEqual(openApiDocument().paths);
  });
});
