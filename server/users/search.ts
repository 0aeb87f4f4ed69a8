import { desc, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { customers } from '../db/schema';
import { handle } from '../http/handler';
import { usersTableHeaders } from './headers';
import { customerRow } from './rows';

const maxResults = 20;
const maxId = 2_147_483_647;
/** Shorter texts have no trigram to match fuzzily. */
const fuzzyFrom = 3;

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const fullName = sql`(${customers.firstName} || ' ' || ${customers.lastName})`;

function similarityTo(text: string) {
  return sql`greatest(
    similarity(${customers.email}, ${text}),
    similarity(${fullName}, ${text}),
    coalesce(similarity(${customers.businessName}, ${text}), 0))`;
}

/**
 * Customers by id (a numeric query), e-mail, "first last" name or business name, on the trigram indexes: what contains
 * the text (exact id and exact e-mail on top, then by similarity), and only when nothing does, fuzzy matches (pg_trgm
 * `%`, through the GIN indexes: the planner underrates similarity's cost and would compute it on every row).
 */
export const searchUsers = handle(api.users.search, async ({ db, params, staff }) => {
  const text = params.query;
  const id = /^\d{1,10}$/.test(text) && Number(text) <= maxId ? Number(text) : null;
  const pattern = containing(text);
  const contains = sql`(${customers.id} = ${id}
    or ${customers.email} ilike ${pattern}
    or ${fullName} ilike ${pattern}
    or ${customers.businessName} ilike ${pattern})`;
  const exact = sql`(case when ${customers.id} = ${id} then 2 when lower(${customers.email}) = lower(${text}) then 1 else 0 end)`;
  const rows = await db
    .select()
    .from(customers)
    .where(contains)
    .orderBy(desc(exact), desc(similarityTo(text)), customers.id)
    .limit(maxResults);
  if (rows.length === 0 && text.length >= fuzzyFrom) {
    await db.execute(sql`set local enable_seqscan = off`);
    const fuzzy = await db
      .select()
      .from(customers)
      .where(
        sql`(${customers.email} % ${text} or ${fullName} % ${text} or ${customers.businessName} % ${text})
          and not coalesce(${contains}, false)`,
      )
      .orderBy(desc(similarityTo(text)), customers.id)
      .limit(maxResults - rows.length);
    rows.push(...fuzzy);
  }
  return { headers: [...usersTableHeaders], users: rows.map((row) => customerRow(row, staff.role)) };
});
