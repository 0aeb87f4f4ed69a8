import type { FastifyInstance } from 'fastify';
import {
  pipelineCallback,
  pipelineInboundPath,
  pipelineMaxBodyBytes,
  pipelineSignatureHeader,
  pipelineToleranceSeconds,
} from '../../../domain/integrations/pipeline';
import type { Database } from '../../db/client';
import { auditLog, pipelineInbound } from '../../db/schema';
import { toApiError } from '../../http/answers';
import { fail } from '../../http/errors';
import { maxJsonDepth, nestsDeeperThan } from '../../http/json-depth';
import { checkSignature } from '../signature';
import { applyPipelineCallback } from './apply';
import type { PipelineSettings } from './settings';

/** Parses and checks the signed body: the signature over the raw text first, then JSON, then the contract's schema. */
function readEvent(settings: PipelineSettings, header: string | undefined, raw: string) {
  const refusal = checkSignature(settings.secret, header, raw, Math.floor(Date.now() / 1000), pipelineToleranceSeconds);
  if (refusal) throw fail(`integration_${refusal}`);
  if (nestsDeeperThan(raw, maxJsonDepth)) throw fail('json_too_deep');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw fail('malformed_json');
  }
  const parsed = pipelineCallback.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fail('validation_failed', {
      detail: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not a pipeline event'}`,
      field: issue?.path.join('.') || undefined,
    });
  }
  return parsed.data;
}

/**
 * `POST /integrations/pipeline/events` (outside /admin, no staff session): the editing pipeline's reports. Signed
 * (HMAC-SHA256 over the timestamp and the raw body, 5-minute window), each `event_id` accepted once; the event, its
 * record against replays and its audit row commit together, and any refusal (4xx) leaves everything as it was.
 */
export async function registerPipelineInbound(
  app: FastifyInstance,
  db: Database,
  settings: PipelineSettings | null,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: pipelineMaxBodyBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler(async (error, _request, reply) => {
      const answer = toApiError(error);
      return reply.code(answer.status).send(answer.toAnswer());
    });
    scope.post(pipelineInboundPath, async (request) => {
      if (!settings) throw fail('integration_disabled');
      const header = request.headers[pipelineSignatureHeader];
      const event = readEvent(settings, typeof header === 'string' ? header : undefined, String(request.body ?? ''));
      await db.transaction(async (tx) => {
        const [first] = await tx
          .insert(pipelineInbound)
          .values({ eventId: event.event_id, type: event.type })
          .onConflictDoNothing()
          .returning({ eventId: pipelineInbound.eventId });
        if (!first) throw fail('integration_event_replayed');
        const applied = await applyPipelineCallback(tx, event);
        await tx.insert(auditLog).values({
          staffId: null,
          staffRole: null,
          callId: `integrations.pipeline.${event.type}`,
          method: 'POST',
          path: pipelineInboundPath,
          targetKind: applied.targetKind,
          targetId: String(applied.targetId),
          requestBody: event,
          outcome: 'ok',
          status: 200,
          detail: applied.detail,
          requestId: request.id,
          ip: request.ip,
        });
      });
      return { ok: true, event_id: event.event_id };
    });
  });
}
