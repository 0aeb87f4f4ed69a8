import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notificationBroadcasts } from '../db/schema';
import { addJobItemsFrom, registerJobKind } from '../jobs';
import type { ParsedTableQuery } from '../tables/filter-sql';
import { compileTableQuery } from '../tables/filter-sql';
import { customersSource } from '../users/filter-columns';

/** The job kind that sends a broadcast. */
export const broadcastJobKind = 'notification_broadcast';

/**
 * How a sending is cut and paced: each job item is a range of up to `customersPerItem` customers of the segment (by
 * id), written with one INSERT … SELECT; a batch (one transaction) runs `itemsPerBatch` items; after a batch the worker
 * rests until the batch's rows took 1 / `rowsPerSecond` s each. At full speed PostgreSQL writes about 27,000 rows/s
 * here, so at 10,000 the sending holds a core about a third of the time and user requests keep the rest; on a loaded
 * machine the batches are slower and the rest shorter (none once a batch alone takes its share). Tests make them small.
 */
export const broadcastSizing = { customersPerItem: 1000, itemsPerBatch: 2, rowsPerSecond: 10_000 };

/** The WHERE of a segment's filters over `customers` (undefined: every customer). */
export function segmentWhere(filters: ParsedTableQuery['filters']): SQL | undefined {
  return compileTableQuery(customersSource, { filters, page_size: 1 }).where;
}

/** Customers a segment reaches now: the same count users_filter gives for the same filters. */
export async function countSegment(db: Database, filters: ParsedTableQuery['filters']): Promise<number> {
  const where = segmentWhere(filters);
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from customers ${where ? sql`where ${where}` : sql``}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

async function broadcastOf(db: Database, id: number) {
  const [broadcast] = await db.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.id, id));
  return broadcast;
}

function filtersOf(segment: unknown): ParsedTableQuery['filters'] {
  return ((segment as { filters?: ParsedTableQuery['filters'] })?.filters ?? []) as ParsedTableQuery['filters'];
}

type Batch = { broadcast: Awaited<ReturnType<typeof broadcastOf>>; where: SQL | undefined };

registerJobKind<{ broadcastId: number }, Batch>(broadcastJobKind, {
  get batchSize() {
    return broadcastSizing.itemsPerBatch;
  },
  pauseAfterBatch: (batchMs) =>
    Math.max(
      0,
      ((broadcastSizing.itemsPerBatch * broadcastSizing.customersPerItem) / broadcastSizing.rowsPerSecond) * 1000 -
        batchMs,
    ),
  /** A batch takes well under a second: a server killed mid-send is taken over within 10 s, not 30. */
  leaseSeconds: 10,
  /** When the sending starts (at send_at): the segment's customers as it is then, cut in id ranges. */
  async plan(db, job) {
    const broadcast = await broadcastOf(db, job.payload.broadcastId);
    if (!broadcast || broadcast.cancelledAt || broadcast.deletedAt) return;
    const where = segmentWhere(filtersOf(broadcast.segment));
    const size = broadcastSizing.customersPerItem;
    await addJobItemsFrom(
      db,
      job.id,
      sql`select min(id)::text || '-' || max(id)::text as key from (
            select id, (row_number() over (order by id) - 1) / ${size} as part
            from customers ${where ? sql`where ${where}` : sql``}) as numbered
          group by part order by min(id)`,
    );
    await db
      .update(notificationBroadcasts)
      .set({ recipientsTotal: await countSegment(db, filtersOf(broadcast.segment)) })
      .where(eq(notificationBroadcasts.id, broadcast.id));
  },
  /**
   * The batch's customers key-share locked first, by id (the lock each notification's foreign key takes anyway), in
   * the order bulk runs lock them: a broadcast and a bulk run over the same customers wait, never deadlock.
   */
  async lockBatch(db, _job, items) {
    const bounds = items.flatMap((item) => item.key.split('-').map(Number)).filter((id) => Number.isSafeInteger(id));
    if (bounds.length === 0) return;
    await db.execute(sql`select id from customers
      where id between ${Math.min(...bounds)} and ${Math.max(...bounds)} order by id for key share`);
  },
  /** The broadcast and its segment's WHERE, read once per batch (not per item). */
  async prepareBatch(db, job) {
    const broadcast = await broadcastOf(db, job.payload.broadcastId);
    return { broadcast, where: broadcast ? segmentWhere(filtersOf(broadcast.segment)) : undefined };
  },
  /**
   * One id range: one INSERT … SELECT writes a notification for each customer in it who is in the segment; the unique
   * (broadcast_id, customer_id) skips anyone who has it already. The count goes to `sent_count` in the item's
   * savepoint, so it commits with the item's state: exactly once across restarts.
   */
  async runItem({ db, item, batch: { broadcast, where } }) {
    if (!broadcast || broadcast.cancelledAt || broadcast.deletedAt) return { state: 'skipped', reason: 'cancelled' };
    const [from, to] = item.key.split('-').map(Number);
    const result = await db.execute<{ n: number }>(sql`
      with written as (
        insert into customer_notifications (customer_id, broadcast_id, category, title, body, status, sent_at)
        select customers.id, ${broadcast.id}, ${broadcast.category}, ${broadcast.title}, ${broadcast.content}, 'Sent', now()
        from customers
        where customers.id between ${from} and ${to} ${where ? sql`and ${where}` : sql``}
        on conflict (broadcast_id, customer_id) where broadcast_id is not null do nothing
        returning 1
      ) select count(*)::int as n from written`);
    const sent = Number(result.rows[0]?.n ?? 0);
    await db
      .update(notificationBroadcasts)
      .set({
        sentCount: sql`${notificationBroadcasts.sentCount} + ${sent}`,
        sentTime: sql`coalesce(${notificationBroadcasts.sentTime}, now())`,
        state: 'SENDING',
      })
      .where(eq(notificationBroadcasts.id, broadcast.id));
    return { state: 'done', result: { sent } };
  },
});
