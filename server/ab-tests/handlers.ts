import { count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { Database } from '../db/client';
import { abTests, customers } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import type { RegisteredHandler } from '../http/register';
import { compileTableQuery } from '../tables/filter-sql';
import { customersSource } from '../users/filter-columns';
import { abTestResults } from './results';
import { abTestHeaders, readAbTest, readAbTests } from './rows';

export const listAbTests = handle(
  api.abTests.list,
  async ({ db, query }) => ({ headers: [...abTestHeaders], tests: await readAbTests(db, { search: query.search }) }),
  { transaction: false },
);

export const abTestDetail = handle(
  api.abTests.detail,
  async ({ db, params }) => {
    const test = await readAbTest(db, params.testId);
    return { test, results: await abTestResults(db, test.id, test.variants) };
  },
  { transaction: false },
);

export const createAbTest = handle(api.abTests.create, async ({ db, body, staff }) => {
  const [created] = await db
    .insert(abTests)
    .values({
      featureId: body.feature_id,
      featureLabel: body.feature_label,
      variants: body.variants,
      description: body.description,
      endDate: body.end_date,
      creatorId: staff.id,
    })
    .onConflictDoNothing({ target: abTests.featureId })
    .returning({ id: abTests.id });
  if (!created) throw fail('ab_test_feature_taken', { field: 'feature_id' });
  return { test: await readAbTest(db, created.id) };
});

async function lockOpenTest(db: Database, id: number) {
  const [test] = await db.select().from(abTests).where(eq(abTests.id, id)).for('update');
  if (!test) throw fail('ab_test_not_found');
  if (test.isDone) throw fail('ab_test_finished');
  return test;
}

export const finishAbTest = handle(api.abTests.finish, async ({ db, params }) => {
  await lockOpenTest(db, params.testId);
  await db.update(abTests).set({ isDone: true, finishedAt: sql`now()` }).where(eq(abTests.id, params.testId));
  return { test: await readAbTest(db, params.testId) };
});

/** The variant a hash bucket (0–99) falls in, by the variants' cumulative percentages, as SQL. */
function variantOfBucket(variants: readonly { name: string; percentage: number }[], bucket: SQL): SQL {
  let bound = 0;
  const branches = variants.map((variant) => {
    bound += variant.percentage;
    return sql`when ${bucket} < ${bound} then ${variant.name}`;
  });
  return sql`case ${sql.join(branches, sql` `)} end`;
}

/**
 * Assigns customers (ids or a users_filter segment) not yet in the test: one INSERT … SELECT, the variant from a hash
 * of (test, customer) so a customer's variant never depends on who else was assigned with them.
 */
export const addUsersToTest = handle(api.abTests.addUsers, async ({ db, params, body }) => {
  const test = await lockOpenTest(db, params.testId);
  let chosen: SQL | undefined;
  let requested: number;
  if ('user_ids' in body) {
    const ids = [...new Set(body.user_ids)];
    chosen = inArray(customers.id, ids);
    const [found] = await db.select({ n: count() }).from(customers).where(chosen);
    if ((found?.n ?? 0) < ids.length) {
      throw fail('customer_not_found', { detail: 'Some of these customer ids do not exist', field: 'user_ids' });
    }
    requested = ids.length;
  } else {
    chosen = compileTableQuery(customersSource, { filters: body.segment.filters, page_size: 1 }).where;
    const [found] = await db.select({ n: count() }).from(customers).where(chosen);
    requested = found?.n ?? 0;
  }
  const bucket = sql`mod(hashtext(${String(test.id)} || ':' || customers.id::text)::bigint + 2147483648, 100)`;
  const inserted = await db.execute<{ n: number }>(sql`
    with added as (
      insert into ab_test_assignments (test_id, customer_id, variant, subscription_at_assignment)
      select ${test.id}, customers.id, ${variantOfBucket(test.variants, bucket)}, customers.subscription_type
      from customers ${chosen ? sql`where ${chosen}` : sql``}
      on conflict do nothing
      returning 1
    ) select count(*)::int as n from added`);
  const assigned = Number(inserted.rows[0]?.n ?? 0);
  return { assigned, already_assigned: requested - assigned, test: await readAbTest(db, test.id) };
});

/** The A/B tests' calls. */
export const abTestHandlers: readonly RegisteredHandler[] = [
  listAbTests,
  abTestDetail,
  createAbTest,
  finishAbTest,
  addUsersToTest,
];
