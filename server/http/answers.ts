import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPrefix } from '../../domain/api';
import { isMutation } from '../../domain/endpoint';
import type { Database } from '../db/client';
import { writeAudit } from './audit';
import { type ApiError, fail, isApiError } from './errors';
import { maxJsonDepth, nestsDeeperThan } from './json-depth';

/** Any thrown value as a catalogue error: Fastify's own 4xx (body too large, media type…) mapped, the rest a 500. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) return fail('payload_too_large');
  if (status === 415) return fail('unsupported_media_type');
  if (status >= 400 && status < 500) return fail('validation_failed', { detail: fastifyError.message });
  return fail('internal');
}

/**
 * Parses JSON bodies: an empty body is no body; nesting past `maxJsonDepth` is 400 `json_too_deep` (checked on the
 * text, before parsing); anything unparsable is 400 `malformed_json`.
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, raw, done) => {
    const text = String(raw);
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, maxJsonDepth)) return done(fail('json_too_deep'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(fail('malformed_json'), undefined);
    }
  });
}

async function auditFailure(db: Database, request: FastifyRequest, error: ApiError): Promise<void> {
  const endpoint = request.routeOptions.config.endpoint;
  if (!endpoint || !isMutation(endpoint) || error.status === 401 || request.audited) return;
  request.audited = true;
  await writeAudit(db, {
    endpoint,
    request,
    staff: request.actor,
    outcome: error.status === 403 ? 'refused' : 'failed',
    status: error.status,
    detail: error.message,
    field: error.field,
  });
}

/**
 * Error answers: `{detail, code, field?}` with the catalogue's status; failed and refused mutations audited. When that
 * audit row cannot be written (`writeAudit` already tried without the body), the answer is 503 `audit_unavailable`
 * instead: the call failed anyway, and nobody is told otherwise.
 */
export function answerErrors(app: FastifyInstance, db: Database): void {
  app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    let answer = toApiError(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'call failed');
    try {
      await auditFailure(db, request, answer);
    } catch (auditError) {
      answer = toApiError(auditError);
    }
    return reply.code(answer.status).headers(answer.headers).send(answer.toAnswer());
  });
}

/** Unknown routes: 404 `{detail}` under /admin; elsewhere the console's index.html for page loads, if it is served. */
export function answerNotFound(app: FastifyInstance, serveConsole: boolean): void {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (!looksLikeFile || (request.headers.accept ?? '').includes('text/html'));
    if (!isApi && serveConsole && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(fail('not_found', isApi ? {} : { detail: 'Not found' }).toAnswer());
  });
}
