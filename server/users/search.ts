import { desc, getTableColumns, type SQL, sql } from 'drizzle-orm';
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

const text = sql.placeholder('text');
const similarity = sql`greatest(
  similarity(${customers.email}, ${text}),
  similarity(${fullName}, ${text}),
  coalesce(similarity(${customers.businessName}, ${text}), 0))`;

/**
 * The step's statements, built once per database with placeholders and run as the unnamed statement (`prepare('')`,
 * the protocol's name for it): drizzle's building of these texts cost more CPU than the search's index reads, and an
 * unnamed statement is still planned for each search's own values (a prefix only becomes an index range when the
 * planner sees it; a named statement's generic plan could not use one).
 */
function statements(db: Database) {
  /**
   * Exact id (when the text is one), exact e-mail, the whole local part (`scook` → `scook@…` before `scook47@…`), then
   * every prefix probe: each branch an index range cut at 20.
   */
  const exactAndPrefix = (withId: boolean) => {
    const branches: SQL[] = [
      sql`(select ${customers.id} as id, 1 as step, ''::text as key from ${customers}
            where lower(${customers.email}) = ${sql.placeholder('lower')} limit 1)`,
      sql`(select ${customers.id} as id, 1 as step, lower(${customers.email}) as key from ${customers}
            where lower(${customers.email}) like ${sql.placeholder('localPart')}
            order by lower(${customers.email}) using ~<~ limit ${maxResults})`,
      ...prefixProbes.map(
        (probe, index) =>
          sql`(select ${customers.id} as id, ${index + 2}::int as step, ${probe} as key from ${customers}
                where ${probe} like ${sql.placeholder('prefix')} order by ${probe} using ~<~ limit ${maxResults})`,
      ),
    ];
    if (withId) {
      branches.unshift(
        sql`(select ${customers.id} as id, 0 as step, ''::text as key from ${customers}
              where ${customers.id} = ${sql.placeholder('id')})`,
      );
    }
    // A customer found by several branches keeps its most relevant step; the best 20 win, with their whole rows.
    const ranked = db.$with('ranked', { id: sql<number>`id`, step: sql<number>`step`, key: sql<string>`key` }).as(sql`
        select id, step, key from (
          select distinct on (id) id, step, key from (${sql.join(branches, sql` union all `)}) found
           order by id, step
        ) best
        order by step, key using ~<~, id
        limit ${maxResults}`);
    return db
      .with(ranked)
      .select(getTableColumns(customers))
      .from(customers)
      .innerJoin(ranked, sql`"ranked"."id" = ${customers.id}`)
      .orderBy(sql`"ranked"."step", "ranked"."key" using ~<~, "ranked"."id"`)
      .prepare('');
  };
  // Containment anywhere (trigram indexes), e-mail first, then name, then business name: the LIMIT stops the later
  // branches once 20 are found; ranked by similarity among those only.
  const branches = [customers.email, fullName, customers.businessName].map(
    (column) =>
      sql`(select ${customers.id} as id from ${customers}
            where ${column} ilike ${sql.placeholder('pattern')} limit ${maxResults})`,
  );
  const chosen = db
    .$with('chosen', {})
    .as(sql`select id from (${sql.join(branches, sql` union all `)}) found limit ${maxResults}`);
  const contained = db
    .with(chosen)
    .select(getTableColumns(customers))
    .from(customers)
    .where(sql`${customers.id} in (select id from chosen)`)
    .orderBy(desc(similarity), customers.id)
    .prepare('');
  return { prefixed: exactAndPrefix(false), prefixedOrId: exactAndPrefix(true), contained };
}

const built = new WeakMap<Database, ReturnType<typeof statements>>();

type CustomerRecord = typeof customers.$inferSelect;

/** The customers matching the text, most relevant first, at most `maxResults` (the palette's find uses it too). */
export async function rankedCustomers(db: Database, query: string): Promise<CustomerRecord[]> {
  let statement = built.get(db);
  if (!statement) {
    statement = statements(db);
    built.set(db, statement);
  }
  const lower = query.toLowerCase();
  const prefix = startingWith(lower);
  // An e-mail's whole local part; '' (no e-mail is empty) when the text already holds an @.
  const localPart = lower.includes('@') ? '' : startingWith(`${lower}@`);
  const id = /^\d{1,10}$/.test(query) && Number(query) <= maxId ? Number(query) : null;
  const found =
    id === null
      ? await statement.prefixed.execute({ lower, prefix, localPart })
      : await statement.prefixedOrId.execute({ lower, prefix, localPart, id });
  if (found.length > 0) return found;
  // Nothing starts with the text: containment anywhere.
  const contained = await statement.contained.execute({ pattern: containsPattern(query), text: query });
  if (contained.length > 0 || query.length < fuzzyFrom) return contained;
  // Nothing contains the text: fuzzy matches (pg_trgm `%`) through the GIN indexes; the planner underrates
  // similarity's cost and would compute it on every row, hence `enable_seqscan = off`, local to this transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const fuzzy = sql`(${customers.email} % ${query} or ${fullName} % ${query} or ${customers.businessName} % ${query})`;
    return tx
      .select()
      .from(customers)
      .where(fuzzy)
      .orderBy(desc(similarity), customers.id)
      .limit(maxResults)
      .prepare('')
      .execute({ text: query });
  });
}

/**
 * Customers by id (a numeric query), e-mail, "first last" name, last name or business name, top 20 by relevance:
 * exact id, exact e-mail, then prefixes (e-mail, full name, last name, business name, e-mail domain; btree ranges);
 * only when none of those matched, containment anywhere (trigram), and only when that found nothing either, fuzzy
 * matches. Each step reads the whole rows in the same statement that ranks them. Every step is cut at the rows still wanted, so a query matching half the table (`gmail`) costs what a
 * rare one does; containment, whose trigram scans grow with common fragments, runs only for texts nothing starts with.
 */
export const searchUsers = handle(
  api.users.search,
  async ({ db, params, staff }) => {
    const records = await rankedCustomers(db, params.query);
    return { headers: [...usersTableHeaders], users: records.map((record) => customerRow(record, staff.role)) };
  },
  // Each step is one statement standing alone (the fuzzy one opens its own transaction for its `set local`): no
  // BEGIN/COMMIT round trips, which were two of a search's five.
  { transaction: false },
);
