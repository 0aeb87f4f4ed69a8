import { inArray, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type BulkPreflight, bulkConfirmAbove, bulkMaxIdsWithoutSeeAll, bulkMaxRows } from '../../domain/bulk';
import { bulkCommands } from '../../domain/bulk-commands';
import { permissionsOfCall } from '../../domain/endpoint';
import type { Database } from '../db/client';
import { customers, jobs } from '../db/schema';
import { fail, isApiError } from '../http/errors';
import { type CallHandler, handle, type StaffCallContext } from '../http/handler';
import { parseInput } from '../http/validate';
import { addJobItemsFrom, cancelJob, enqueueJob, retryFailedItems } from '../jobs';
import { type BulkRunPayload, bulkRunKind } from './kind';
import { listRuns, readReasons, readRows, readRun } from './present';
import { countTarget, targetKeys } from './target';

/**
 * A run by ids from a role without see_all_users names only what it could open one by one: at most
 * `bulkMaxIdsWithoutSeeAll` distinct ids, each an existing customer (no probing ranges of ids). 403 naming the rule.
 */
async function checkIdsVisible(db: Database, ids: readonly number[]): Promise<void> {
  const distinct = [...new Set(ids)];
  if (distinct.length > bulkMaxIdsWithoutSeeAll) {
    throw fail('bulk_too_many_ids', {
      detail: `Without see_all_users a bulk run names at most ${bulkMaxIdsWithoutSeeAll} customers (${distinct.length} named); select fewer or ask a role that sees all`,
    });
  }
  const [found] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(customers)
    .where(inArray(customers.id, distinct));
  const missing = distinct.length - (found?.count ?? 0);
  if (missing > 0) {
    throw fail('bulk_ids_not_visible', {
      detail: `Without see_all_users a bulk run may only name customers your role can open: ${missing} of the ids name no customer`,
    });
  }
}

type RunContext = StaffCallContext<typeof api.bulkRuns.create> | StaffCallContext<typeof api.bulkRuns.preflight>;

/**
 * What both the pre-flight and the run check before any row: the command's permission (403 for the whole run),
 * see_all_users for a filter target (the same as listing it) or at most 50 existing customers by id without it, and the params as the single call's body (400 naming
 * `params.<field>`). Then the target's count and the refusals the data already tells.
 */
async function plan(context: RunContext): Promise<BulkPreflight & { payload: BulkRunPayload }> {
  const { body, staff, can, db } = context;
  const command = bulkCommands[body.command];
  const allowed = permissionsOfCall(command.endpoint);
  if (!allowed.some(can)) {
    throw fail('forbidden', {
      detail: `Your role may not run “${command.verb.toLowerCase()}” (needs ${allowed.join(' or ')})`,
    });
  }
  if ('filter' in body.target && !can('see_all_users')) {
    throw fail('forbidden', { detail: 'Running over a filter needs see_all_users; select customers instead' });
  }
  if ('ids' in body.target && !can('see_all_users')) await checkIdsVisible(db, body.target.ids);
  try {
    parseInput(command.endpoint.body, body.params, 'body');
  } catch (error) {
    if (isApiError(error) && error.field !== undefined) {
      throw fail('validation_failed', { detail: `params.${error.message}`, field: `params.${error.field}` });
    }
    throw error;
  }
  const capped = body.command === 'give_credit' && !can('give_credit');
  const counted = await countTarget(db, targetKeys(body.target), {
    command: body.command,
    staffId: staff.id,
    params: body.params,
    capped,
  });
  if (counted.total === 0) throw fail('bulk_run_empty');
  if (counted.total > bulkMaxRows) throw fail('bulk_run_too_large');
  const refused = counted.refused.reduce((sum, entry) => sum + entry.count, 0);
  return {
    command: body.command,
    total: counted.total,
    refused: counted.refused,
    will_run: counted.total - refused,
    needs_second_confirmation: counted.total > bulkConfirmAbove,
    confirm_above: bulkConfirmAbove,
    payload: { command: body.command, params: body.params, target: body.target },
  };
}

export const preflightBulkRun = handle(api.bulkRuns.preflight, async (context) => {
  const { payload: _, ...answer } = await plan(context);
  return answer;
});

/** Starts a run: the job and its rows (one per customer, selected in SQL) in this call's transaction. */
export const createBulkRun = handle(api.bulkRuns.create, async (context) => {
  const { db, body, staff } = context;
  const planned = await plan(context);
  if (planned.needs_second_confirmation && !body.confirm_over_max) throw fail('bulk_run_needs_confirmation');
  const id = await enqueueJob(db, { kind: bulkRunKind, payload: planned.payload, createdBy: staff.id });
  await addJobItemsFrom(db, id, targetKeys(body.target));
  await db.execute(sql`update ${jobs} set planned = true where id = ${id}`);
  return readRun(db, id);
});

export const listBulkRuns = handle(api.bulkRuns.list, async ({ db, staff }) => ({
  runs: await listRuns(db, staff.id, 50),
}));

export const getBulkRun = handle(api.bulkRuns.get, async ({ db, params, query, staff, can }) => {
  const run = await readRun(db, params.run_id);
  // Its rows name customers: the owner's, or a role that may list every customer anyway.
  if (run.created_by.id !== staff.id && !can('see_all_users')) throw fail('bulk_run_not_visible');
  const page = await readRows(db, run.id, query);
  return {
    run,
    reasons: await readReasons(db, run.id),
    rows: page.rows,
    next_after: page.nextAfter,
  };
});

async function ownRun(context: StaffCallContext<typeof api.bulkRuns.cancel>) {
  const run = await readRun(context.db, context.params.run_id);
  if (run.created_by.id !== context.staff.id) throw fail('bulk_run_not_yours');
  return run;
}

export const cancelBulkRun = handle(api.bulkRuns.cancel, async (context) => {
  const run = await ownRun(context);
  if (!(await cancelJob(context.db, run.id))) throw fail('bulk_run_finished');
  return readRun(context.db, run.id);
});

export const retryFailedBulkRows = handle(api.bulkRuns.retryFailed, async (context) => {
  const run = await ownRun(context);
  if (run.state === 'queued' || run.state === 'running') throw fail('bulk_run_not_finished');
  if ((await retryFailedItems(context.db, run.id)) === 0) throw fail('bulk_run_nothing_failed');
  return readRun(context.db, run.id);
});

/** The bulkRuns area's handlers, one per call. */
export const bulkRunHandlers: readonly CallHandler[] = [
  preflightBulkRun,
  createBulkRun,
  listBulkRuns,
  getBulkRun,
  cancelBulkRun,
  retryFailedBulkRows,
];
