import type { FastifyRequest } from 'fastify';
import { type Endpoint, targetIdOf } from '../../domain/endpoint';
import type { Database } from '../db/client';
import { type AuditOutcome, auditLog } from '../db/schema';
import type { StaffMember } from './handler';

const secretName = /password|token|secret/i;

/** A copy of a request body without anything that could be a credential (keys naming password, token or secret). */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!secretName.test(key)) copy[key] = withoutSecrets(inner);
  }
  return copy;
}

/** One attempt at a mutating call, as the audit trail records it. */
export interface AuditAttempt {
  endpoint: Endpoint;
  request: FastifyRequest;
  staff: StaffMember | null;
  outcome: AuditOutcome;
  status: number;
  detail?: string | null;
}

/** Appends the audit row of a call attempt (inside the call's transaction on success, on its own otherwise). */
export async function writeAudit(db: Database, attempt: AuditAttempt): Promise<void> {
  const { endpoint, request, staff } = attempt;
  const target = endpoint.target;
  const targetId = targetIdOf(endpoint, request);
  await db.insert(auditLog).values({
    staffId: staff?.id ?? null,
    staffRole: staff?.role ?? null,
    callId: endpoint.id,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    targetKind: target?.kind ?? null,
    targetId,
    requestBody: request.body === undefined ? null : withoutSecrets(request.body),
    outcome: attempt.outcome,
    status: attempt.status,
    detail: attempt.detail ?? null,
    requestId: request.id,
    ip: request.ip,
  });
}
