import { desc, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { customers } from '../db/schema';
import { handle } from '../http/handler';
import { usersTableHeaders } from './headers';
import { customerRow } from './rows';

const maxResults = 20;
const maxId = 2_147_483_647;

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Customers by id (a numeric query), e-mail, "first last" name or business name: ILIKE and pg_trgm similarity on the
 * trigram indexes, exact id and exact e-mail first, then by similarity; at most 20.
 */
export const searchUsers = handle(api.users.search, async ({ db, params, staff }) => {
  const text = params.query;
  const id = /^\d{1,10}$/.test(text) && Number(text) <= maxId ? Number(text) : null;
  const pattern = containing(text);
  const fullName = sql`(${customers.firstName} || ' ' || ${customers.lastName})`;
  const exact = sql`(case when ${customers.id} = ${id} then 2 when lower(${customers.email}) = lower(${text}) then 1 else 0 end)`;
  const similarity = sql`greatest(
    similarity(${customers.email}, ${text}),
    similarity(${fullName}, ${text}),
    coalesce(similarity(${customers.businessName}, ${text}), 0))`;
  const rows = await db
    .select()
    .from(customers)
    .where(
      sql`${customers.id} = ${id}
        or ${customers.email} ilike ${pattern}
        or ${fullName} ilike ${pattern}
        or ${customers.businessName} ilike ${pattern}
        or ${customers.email} % ${text}
        or ${fullName} % ${text}
        or ${customers.businessName} % ${text}`,
    )
    .orderBy(desc(exact), desc(similarity), customers.id)
    .limit(maxResults);
  return { headers: [...usersTableHeaders], users: rows.map((row) => customerRow(row, staff.role)) };
});
