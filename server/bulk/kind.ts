import { eq, sql } from 'drizzle-orm';
import type { BulkCommandName } from '../../domain/bulk';
import { bulkCommands } from '../../domain/bulk-commands';
import { isRole } from '../../domain/roles';
import { staff } from '../db/schema';
import type { StaffHandler, StaffMember } from '../http/handler';
import { registerJobKind } from '../jobs';
import { runRow } from './run-row';
import { hasSetForm, runSet, setBatchSize } from './run-set';
import type { ParsedTarget } from './target';

/** The kind of job a bulk run is. */
export const bulkRunKind = 'bulk_run';

/** What a bulk run's job keeps: the command, its params, and whom it named (for the record: the items are the rows). */
export interface BulkRunPayload {
  command: BulkCommandName;
  params: Record<string, unknown>;
  target: ParsedTarget;
}

interface Batch {
  /** The run's staff member as the database has them now; null when deactivated or gone. */
  actor: StaffMember | null;
  handler: StaffHandler | null;
}

/**
 * Items are customer ids. Each batch reads the staff member who started the run again (a role change or a
 * deactivation counts from the next batch), and each row runs as them through the single call (server/bulk/run-row.ts).
 */
registerJobKind<BulkRunPayload, Batch>(bulkRunKind, {
  // A set form takes a batch in a few statements; row by row, a batch holds PGlite's one connection for longer.
  batchSize: (job) => (hasSetForm(job.payload.command) ? setBatchSize : 100),
  /**
   * The batch's customers locked first, by id: every job kind that writes customers (or rows pointing at them) takes
   * them in this order, so a bulk run and a broadcast over the same customers wait for each other, never deadlock.
   */
  lockBatch: async (db, _job, items) => {
    const ids = items.map((item) => Number(item.key)).filter((id) => Number.isInteger(id) && Math.abs(id) < 2 ** 31);
    await db.execute(sql`select id from customers where id = any(${sql.param(ids)}::int[]) order by id for update`);
  },
  prepareBatch: async (db, job, services) => {
    const endpoint = bulkCommands[job.payload.command]?.endpoint;
    const found = services.handlers.find((handler) => handler.endpoint.id === endpoint?.id);
    const handler = found?.kind === 'staff' ? found : null;
    if (job.createdBy === null) return { actor: null, handler };
    const [row] = await db.select().from(staff).where(eq(staff.id, job.createdBy));
    const actor =
      row?.active && isRole(row.role)
        ? { id: row.id, role: row.role, email: row.email, firstName: row.firstName, lastName: row.lastName }
        : null;
    return { actor, handler };
  },
  runBatch: async ({ db, job, items, batch }) => {
    if (!batch.actor || !batch.handler) return null;
    return runSet({
      db,
      command: job.payload.command,
      staff: batch.actor,
      runId: job.id,
      items,
      params: job.payload.params,
    });
  },
  runItem: async ({ db, job, item, services, batch }) => {
    if (!batch.actor) {
      return {
        state: 'failed',
        reason: 'staff_deactivated',
        detail: 'The staff member who started the run is deactivated',
      };
    }
    if (!batch.handler) throw new Error(`bulk run ${job.id}: no handler for ${job.payload.command}`);
    return runRow({
      db,
      config: services.config,
      files: services.files,
      handler: batch.handler,
      command: bulkCommands[job.payload.command],
      staff: batch.actor,
      runId: job.id,
      customerId: Number(item.key),
      attempt: item.attempt,
      params: job.payload.params,
    });
  },
});
