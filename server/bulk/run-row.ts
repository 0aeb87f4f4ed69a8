import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPrefix } from '../../domain/api';
import type { BulkCommand } from '../../domain/bulk-commands';
import { type Endpoint, pathOf, permissionsOfCall } from '../../domain/endpoint';
import { can, canAny } from '../../domain/permissions';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { FileStore } from '../files/store';
import { type AuditAttempt, writeAudit } from '../http/audit';
import { type ApiError, fail, isApiError } from '../http/errors';
import type { StaffCallContext, StaffHandler, StaffMember } from '../http/handler';
import { requestHashOf } from '../http/idempotency';
import { logRedacted } from '../http/log-redaction';
import { parseInput } from '../http/validate';
import type { ItemOutcome } from '../jobs';

/** One customer of a run, as the run's staff member: the single call's handler, permission and audit. */
export interface RowCall {
  db: Database;
  config: AppConfig;
  files: FileStore;
  handler: StaffHandler;
  command: BulkCommand;
  staff: StaffMember;
  runId: number;
  customerId: number;
  attempt: number;
  /** The run's params: the single call's body. */
  params: Record<string, unknown>;
}

/**
 * Refusals that are about the row (its state, the caller's cap for this customer, a customer that is gone): the row
 * is skipped with the reason. Any other error fails the row (retry_failed runs it again).
 */
const skippedCodes = new Set(['customer_not_found', 'credit_cap_exceeded', 'credit_daily_cap_exceeded']);
const isSkip = (error: ApiError) => error.status === 409 || skippedCodes.has(error.code);

function noop() {}
const rowLog = {
  error: (fields: unknown, message?: string) => {
    const { err, error, ...rest } = (fields ?? {}) as Record<string, unknown>;
    logRedacted(message ?? 'bulk run row failed', err ?? error, { fields: Object.keys(rest) });
  },
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  child: () => rowLog,
};

/**
 * What the handler and the audit row see of "the request" of one row: the single call's path and body, the run as
 * request id (`bulk_run-42`: every audit row of a run names it), no address.
 */
export function rowRequest(endpoint: Endpoint, call: Pick<RowCall, 'customerId' | 'runId' | 'params'>): FastifyRequest {
  const params = { user_id: String(call.customerId) };
  return {
    id: `bulk_run-${call.runId}`,
    method: endpoint.method,
    url: `${apiPrefix}/${pathOf(endpoint, params)}`,
    params,
    query: {},
    body: call.params,
    headers: {},
    ip: 'bulk run',
    log: rowLog,
  } as unknown as FastifyRequest;
}

const rowReply = { header: () => rowReply, code: () => rowReply, setCookie: () => rowReply } as unknown as FastifyReply;

/**
 * Runs one row in a savepoint of the batch: validation, the permission (the staff member's role now), the handler,
 * the audit row (detail `bulk run 42`) and, for money calls, the row's idempotency key `bulk_run-42-<customer>-<attempt>`
 * stored with its answer. A refusal rolls the row's writes back and is audited on its own, like a refused single call.
 */
export async function runRow(call: RowCall): Promise<ItemOutcome> {
  const { endpoint } = call.command;
  const request = rowRequest(endpoint, call);
  const audit = (db: Database, error: ApiError | null) => writeAudit(db, rowAudit(call, request, error));
  try {
    await call.db.transaction(async (db) => {
      if (!canAny(call.staff.role, permissionsOfCall(endpoint))) throw fail('forbidden');
      const params = parseInput(endpoint.params, request.params, 'params');
      const body = parseInput(endpoint.body, call.params, 'body');
      const context = {
        db,
        params,
        query: {},
        body,
        request,
        reply: rowReply,
        config: call.config,
        files: call.files,
        staff: call.staff,
        sessionId: `bulk_run-${call.runId}`,
        can: (permission) => can(call.staff.role, permission),
      } as StaffCallContext<Endpoint>;
      const answer = await call.handler.run(context);
      await audit(db, null);
      if (endpoint.money) {
        await db.insert(idempotencyKeys).values({
          staffId: call.staff.id,
          key: `bulk_run-${call.runId}-${call.customerId}-${call.attempt}`,
          callId: endpoint.id,
          requestHash: requestHashOf(endpoint.id, params, {}, body),
          state: 'done',
          status: 200,
          answer: JSON.stringify(answer ?? null),
          finishedAt: new Date().toISOString(),
        });
      }
    });
    return { state: 'done' };
  } catch (error) {
    if (!isApiError(error)) throw error;
    await audit(call.db, error);
    return rowOutcome(error);
  }
}

/** A row's audit row: done (200) or refused / failed with the single call's status, naming the run. */
export function rowAudit(
  call: Pick<RowCall, 'command' | 'staff' | 'runId'>,
  request: FastifyRequest,
  error: ApiError | null,
): AuditAttempt {
  return {
    endpoint: call.command.endpoint,
    request,
    staff: call.staff,
    outcome: error ? (error.status === 403 ? 'refused' : 'failed') : 'ok',
    status: error ? error.status : 200,
    detail: error ? `bulk run ${call.runId}: ${error.message}` : `bulk run ${call.runId}`,
    field: error?.field,
  };
}

/** A row's state from the single call's refusal (none: done). */
export function rowOutcome(error: ApiError | null): ItemOutcome {
  if (!error) return { state: 'done' };
  return { state: isSkip(error) ? 'skipped' : 'failed', reason: error.code, detail: error.message };
}
