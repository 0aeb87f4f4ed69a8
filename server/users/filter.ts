import { and, type SQL, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { CustomerRow } from '../../domain/users';
import { customers } from '../db/schema';
import { handle } from '../http/handler';
import { countRows } from '../tables/count';
import { encodeCursor } from '../tables/cursor';
import { compileTableQuery, selectedColumns } from '../tables/filter-sql';
import { customersSource } from './filter-columns';
import { usersTableHeaders } from './headers';
import { customerRow } from './rows';

const alwaysAnswered = ['id', 'quick_actions'] as const;

function only(
  row: CustomerRow,
  keys: Set<string> | undefined,
): Partial<CustomerRow> & Pick<CustomerRow, 'id' | 'quick_actions'> {
  if (!keys) return row;
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (keys.has(key) || (alwaysAnswered as readonly string[]).includes(key)) picked[key] = value;
  }
  return picked as Partial<CustomerRow> & Pick<CustomerRow, 'id' | 'quick_actions'>;
}

/**
 * All customers, filtered (AND), sorted (tie-broken by id) and paged by keyset cursor in SQL; the total is exact up to
 * `exactCountLimit` matches and the planner's estimate beyond (`meta.total_is_estimate`).
 */
export const filterUsers = handle(api.users.filter, async ({ db, body, staff }) => {
  const query = compileTableQuery(customersSource, body);
  const keys = selectedColumns(customersSource, body.columns);
  const conditions = [query.where, query.after].filter((condition): condition is SQL => condition !== undefined);
  const rows = await db
    .select({ customer: customers, sortValue: query.sortValue })
    .from(customers)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...query.orderBy)
    .limit(body.page_size + 1);
  const page = rows.slice(0, body.page_size);
  const last = page.at(-1);
  const nextCursor =
    rows.length > body.page_size && last
      ? encodeCursor(query.sort, last.sortValue as string | null, last.customer.id)
      : null;
  const total = await countRows(db, sql`${customers}`, query.where);
  return {
    headers: [...usersTableHeaders],
    users: page.map((row) => only(customerRow(row.customer, staff.role), keys)),
    meta: {
      enable_column_selection: true,
      total_number_of_users: total.total,
      total_is_estimate: total.estimate,
      next_cursor: nextCursor,
      sort: query.sort,
    },
  };
});
