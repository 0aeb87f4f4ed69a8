import { api } from '../../domain/api';
import type { CustomerRow } from '../../domain/users';
import { customers } from '../db/schema';
import { handle } from '../http/handler';
import { compileTableQuery, selectedColumns } from '../tables/filter-sql';
import { keysetPage } from '../tables/keyset-page';
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
  const { records, nextCursor, total } = await keysetPage(db, customers, query, body.page_size);
  return {
    headers: [...usersTableHeaders],
    users: records.map((customer) => only(customerRow(customer, staff.role), keys)),
    meta: {
      enable_column_selection: true,
      total_number_of_users: total.total,
      total_is_estimate: total.estimate,
      next_cursor: nextCursor,
      sort: query.sort,
    },
  };
});
