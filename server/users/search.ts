import { desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { api } from '../../domain/api';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { handle } from '../http/handler';
import { containsPattern } from '../tables/filter-sql';
import { usersTableHeaders } from './headers';
import { customerRow } from './rows';

const maxResults = 20;
const maxId = 2_147_483_647;
/** Shorter texts have no trigram to match fuzzily. */
const fuzzyFrom = 3;

/** `text%` for LIKE, with the pattern characters of the text taken literally. */
function startingWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const fullName = sql`(${customers.firstName} || ' ' || ${customers.lastName})`;

/**
 * The prefix probes, most relevant first. Each is one range of a `lower(…) text_pattern_ops` btree index, read in
 * index order and cut at the rows still wanted: the work per probe is bounded by 20 rows, whatever the table's size.
 */
const prefixProbes: SQL[] = [
  sql`lower(${customers.email})`,
  sql`lower(${fullName})`,
  sql`lower(${customers.lastName})`,
  sql`lower(${customers.businessName})`,
  sql`split_part(lower(${customers.email}), '@', 2)`,
];

function similarityTo(text: string) {
  return sql`greatest(
    similarity(${customers.email}, ${text}),
    similarity(${fullName}, ${text}),
    coalesce(similarity(${customers.businessName}, ${text}), 0))`;
}

async function idsWhere(db: Database, where: SQL, order: (SQL | AnyPgColumn)[], limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Exact id, exact e-mail, then every prefix probe, in ONE statement (one round trip): each branch is an index range
 * cut at 20 rows; a customer found by several keeps its most relevant step; the best 20 win.
 */
async function exactAndPrefixIds(db: Database, text: string): Promise<number[]> {
  const lower = text.toLowerCase();
  const id = /^\d{1,10}$/.test(text) && Number(text) <= maxId ? Number(text) : null;
  const prefix = startingWith(lower);
  const branches: SQL[] = [
    sql`(select ${customers.id} as id, 1 as step, ''::text as key from ${customers} where lower(${customers.email}) = ${lower} limit 1)`,
    ...prefixProbes.map(
      (probe, index) =>
        sql`(select ${customers.id} as id, ${index + 2}::int as step, ${probe} as key from ${customers}
              where ${probe} like ${prefix} order by ${probe} using ~<~ limit ${maxResults})`,
    ),
  ];
  if (id !== null) {
    branches.unshift(
      sql`(select ${customers.id} as id, 0 as step, ''::text as key from ${customers} where ${customers.id} = ${id})`,
    );
  }
  const result = await db.execute<{ id: number }>(sql`
    select id from (
      select distinct on (id) id, step, key from (${sql.join(branches, sql` union all `)}) found
       order by id, step
    ) best
    order by step, key using ~<~, id
    limit ${maxResults}`);
  return result.rows.map((row) => Number(row.id));
}

/** The ids matching the text, most relevant first, at most `maxResults`. */
async function rankedIds(db: Database, text: string): Promise<number[]> {
  const found = await exactAndPrefixIds(db, text);
  if (found.length > 0) return found;
  // Nothing starts with the text: containment anywhere (trigram indexes), e-mail first, then name, then business name,
  // in one statement whose LIMIT stops the later branches once 20 are found; ranked by similarity among those only.
  const pattern = containsPattern(text);
  const branches = [customers.email, fullName, customers.businessName].map(
    (column) =>
      sql`(select ${customers.id} as id from ${customers} where ${column} ilike ${pattern} limit ${maxResults})`,
  );
  const contained = await db.execute<{ id: number }>(sql`
    with chosen as (select id from (${sql.join(branches, sql` union all `)}) found limit ${maxResults})
    select ${customers.id} as id from ${customers}
     where ${customers.id} in (select id from chosen)
     order by ${similarityTo(text)} desc, ${customers.id}`);
  if (contained.rows.length > 0 || text.length < fuzzyFrom) return contained.rows.map((row) => Number(row.id));
  // Nothing contains the text: fuzzy matches (pg_trgm `%`) through the GIN indexes; the planner underrates
  // similarity's cost and would compute it on every row.
  await db.execute(sql`set local enable_seqscan = off`);
  const fuzzy = sql`(${customers.email} % ${text} or ${fullName} % ${text} or ${customers.businessName} % ${text})`;
  return idsWhere(db, fuzzy, [desc(similarityTo(text)), customers.id], maxResults);
}

/**
 * Customers by id (a numeric query), e-mail, "first last" name, last name or business name, top 20 by relevance:
 * exact id, exact e-mail, then prefixes (e-mail, full name, last name, business name, e-mail domain; btree ranges);
 * only when none of those matched, containment anywhere (trigram), and only when that found nothing either, fuzzy
 * matches. Every step is cut at the rows still wanted, so a query matching half the table (`gmail`) costs what a
 * rare one does; containment, whose trigram scans grow with common fragments, runs only for texts nothing starts with.
 */
export const searchUsers = handle(api.users.search, async ({ db, params, staff }) => {
  const ids = await rankedIds(db, params.query);
  if (ids.length === 0) return { headers: [...usersTableHeaders], users: [] };
  const records = await db.select().from(customers).where(inArray(customers.id, ids));
  const byId = new Map(records.map((record) => [record.id, record]));
  const rows = ids.flatMap((id) => {
    const record = byId.get(id);
    return record ? [customerRow(record, staff.role)] : [];
  });
  return { headers: [...usersTableHeaders], users: rows };
});
