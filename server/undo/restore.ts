import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { bundles, marketingActivities, partnerActivities, partners, shortLinks } from '../db/schema';
import { fail } from '../http/errors';
import { violatedConstraint } from '../partners/unique-violation';
import { noteForUndo } from './note';

/**
 * Deletes that an undo restores by re-inserting the rows as they were (kept on the delete's audit row, in the order
 * given: a parent before its children), and updates that it restores by setting the columns back.
 */
const tables = {
  partners,
  partner_activities: partnerActivities,
  marketing_activities: marketingActivities,
  short_links: shortLinks,
  bundles,
} as const;
type TableName = keyof typeof tables;

const isTableName = (name: string): name is TableName => Object.hasOwn(tables, name);

/** Keeps the rows a delete removes (each table's, in insert order) on its audit row, naming the deleted record. */
export function noteDeleted(
  request: FastifyRequest,
  target: { kind: string; id: number },
  rows: Partial<Record<TableName, readonly object[]>>,
): void {
  // A list of [table, rows] pairs: jsonb keeps no key order, and a parent must go back before its children.
  noteForUndo(request, {
    target: { kind: target.kind, id: String(target.id) },
    undo: { restore: Object.entries(rows) },
  });
}

/** Keeps the columns an update changes as they were before it, naming the record (a bundle). */
export function noteColumnsBefore(
  request: FastifyRequest,
  target: { kind: string; id: number },
  before: Record<string, unknown>,
): void {
  noteForUndo(request, { target: { kind: target.kind, id: String(target.id) }, undo: { columns: before } });
}

/** The active short links of a partner or marketing activity, for its delete's note. */
export async function shortLinksOf(db: Database, activity: { partner?: number; marketing?: number }) {
  if (activity.partner !== undefined) {
    return db.select().from(shortLinks).where(eq(shortLinks.partnerActivityId, activity.partner));
  }
  return db
    .select()
    .from(shortLinks)
    .where(eq(shortLinks.marketingActivityId, activity.marketing ?? 0));
}

/** Re-inserts the rows a delete kept; a row that clashes with one made since (a name, a slug) is 409, naming it. */
export async function restoreDeleted(db: Database, undo: Record<string, unknown> | null): Promise<void> {
  const restore = undo?.restore;
  if (!Array.isArray(restore)) {
    throw fail('undo_not_reversible', { detail: 'This delete did not keep the rows it removed' });
  }
  try {
    for (const [name, rows] of restore as [string, unknown][]) {
      if (!isTableName(name) || !Array.isArray(rows)) throw fail('undo_not_reversible');
      if (rows.length > 0) await db.insert(tables[name]).values(rows as never);
    }
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === null) throw error;
    throw fail('undo_stale', {
      detail: `Something made since takes its place (${constraint || 'a unique name or link'}); nothing was undone`,
    });
  }
}

/** Sets a bundle's columns back as its update's note kept them. */
export async function restoreBundle(db: Database, id: number, undo: Record<string, unknown> | null): Promise<void> {
  const columns = (undo?.columns ?? null) as Partial<typeof bundles.$inferInsert> | null;
  if (!columns || Object.keys(columns).length === 0) throw fail('undo_not_reversible');
  const [updated] = await db
    .update(bundles)
    .set({ ...columns, updatedAt: sql`now()` as unknown as string })
    .where(eq(bundles.id, id))
    .returning({ id: bundles.id });
  if (!updated) throw fail('bundle_not_found');
}
