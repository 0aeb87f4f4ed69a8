import type { BulkCommandName } from '../../domain/bulk';
import { bulkCommands } from '../../domain/bulk-commands';
import { permissionsOfCall } from '../../domain/endpoint';
import { canAny } from '../../domain/permissions';
import type { Database } from '../db/client';
import { writeAuditRows } from '../http/audit';
import { type ApiError, isApiError } from '../http/errors';
import type { StaffMember } from '../http/handler';
import { parseInput } from '../http/validate';
import type { ItemOutcome, JobItem } from '../jobs';
import { suspendEach, unsuspendEach } from '../users/suspension';
import { rowAudit, rowOutcome, rowRequest } from './run-row';

/**
 * The set form of a command's single call: the same change for many customers in one statement, answering per id
 * (in order) null when it changed the customer, else the single call's refusal for it.
 */
type SetCall = (db: Database, ids: readonly number[], body: never) => Promise<(ApiError | null)[]>;

/** Commands with a set form (the others run row by row: server/bulk/run-row.ts). */
const setCalls: Partial<Record<BulkCommandName, SetCall>> = {
  suspend: suspendEach as SetCall,
  unsuspend: unsuspendEach,
};

/** Rows per batch of a command with a set form (one transaction of a few statements; docs/jobs-and-bulk.md). */
export const setBatchSize = 1000;

export function hasSetForm(command: BulkCommandName): boolean {
  return setCalls[command] !== undefined;
}

export interface SetRun {
  db: Database;
  command: BulkCommandName;
  staff: StaffMember;
  runId: number;
  items: readonly JobItem[];
  params: Record<string, unknown>;
}

/**
 * A batch of a run in one go, with the same checks and records as its rows one by one (run-row.ts): the params
 * validated as the single call's body and each customer id as its path, the staff member's role now, the change in
 * one statement, and one audit row per customer (done, or refused with the single call's status and reason) in one
 * INSERT. Null when the command has no set form or the batch needs the row path (a refusal of the whole batch: no
 * permission, bad params; a money call, whose rows each store an idempotency key and answer).
 */
export async function runSet(run: SetRun): Promise<ItemOutcome[] | null> {
  const setCall = setCalls[run.command];
  const command = bulkCommands[run.command];
  const { endpoint } = command;
  if (!setCall || endpoint.money || !canAny(run.staff.role, permissionsOfCall(endpoint))) return null;
  let body: unknown;
  const calls = run.items.map((item) => ({ ...run, command, customerId: Number(item.key) }));
  try {
    body = parseInput(endpoint.body, run.params, 'body');
    for (const call of calls) parseInput(endpoint.params, { user_id: String(call.customerId) }, 'params');
  } catch (error) {
    if (isApiError(error)) return null;
    throw error;
  }
  const answers = await setCall(
    run.db,
    calls.map((call) => call.customerId),
    body as never,
  );
  await writeAuditRows(
    run.db,
    calls.map((call, index) => rowAudit(call, rowRequest(endpoint, call), answers[index] ?? null)),
  );
  return answers.map((answer) => rowOutcome(answer ?? null));
}
