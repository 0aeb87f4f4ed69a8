import { desc, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { customers, lastViewed } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { usersTableHeaders } from './headers';
import { customerRow } from './rows';

const lastViewedLimit = 50;

/** One customer as a table row; records the view in the caller's last viewed. */
export const getUser = handle(api.users.get, async ({ db, params, staff }) => {
  const [record] = await db.select().from(customers).where(eq(customers.id, params.user_id));
  if (!record) throw fail('customer_not_found');
  await db
    .insert(lastViewed)
    .values({ staffId: staff.id, customerId: record.id })
    .onConflictDoUpdate({ target: [lastViewed.staffId, lastViewed.customerId], set: { viewedAt: sql`now()` } });
  return { headers: [...usersTableHeaders], users: [customerRow(record, staff.role)] };
});

/** The customers the caller opened, newest first (at most 50), with when. */
export const getLastViewed = handle(api.users.lastViewed, async ({ db, staff }) => {
  const rows = await db
    .select({ customer: customers, viewedAt: lastViewed.viewedAt })
    .from(lastViewed)
    .innerJoin(customers, eq(customers.id, lastViewed.customerId))
    .where(eq(lastViewed.staffId, staff.id))
    .orderBy(desc(lastViewed.viewedAt))
    .limit(lastViewedLimit);
  return {
    headers: [...usersTableHeaders],
    users: rows.map((row) => customerRow(row.customer, staff.role)),
    viewed_at: rows.map((row) => isoTimestamp(row.viewedAt)),
  };
});
