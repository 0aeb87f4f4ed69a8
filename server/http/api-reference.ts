import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '../../domain/api';
import { openApiDocument } from './openapi';

/** Where the OpenAPI document is served. */
export const openApiUrl = `${apiPrefix}/openapi.json`;
/** Where the browsable reference (Swagger UI, served from the package: no CDN) lives. */
export const apiDocsUrl = `${apiPrefix}/docs`;

/**
 * The reference page's own policy, replacing the console's: its scripts and styles are files under /admin/docs
 * (script-src stays 'self'); Swagger UI's syntax highlighting writes inline styles, hence style-src 'unsafe-inline'
 * here only. No outside validator (validatorUrl false), no outside fonts.
 */
const docsPolicy = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/**
 * Serves the catalogue's OpenAPI 3.1 document at `/admin/openapi.json` and the reference at `/admin/docs`, both
 * without a session: the contract holds no customer data (the console's bundle carries it anyway), and every call it
 * describes still checks its permission.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const document = openApiDocument();
  app.get(openApiUrl, async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(document));
  await app.register(async (scope) => {
    await scope.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
    await scope.register(fastifySwaggerUi, {
      routePrefix: apiDocsUrl,
      staticCSP: docsPolicy,
      validatorUrl: false,
      uiConfig: { deepLinking: true, persistAuthorization: false },
      theme: { title: 'Loupe admin API' },
    });
  });
}
