import { desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AbTestRow } from '../../domain/ab-tests';
import type { Header } from '../../domain/tables';
import type { Database } from '../db/client';
import { abTestAssignments, abTests, staff } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { containsPattern } from '../tables/filter-sql';
import { tableHeader } from '../tables/header';

export const abTestHeaders: readonly Header[] = [
  tableHeader('feature_label', 'Feature', 'TEXT', null),
  tableHeader('feature_id', 'Feature id', 'TEXT', null),
  tableHeader('variants_text', 'Variants', 'TEXT', null),
  tableHeader('users', 'Users', 'NUMBER', null),
  tableHeader('is_done', 'Finished', 'BOOLEAN_CHECK', null),
  tableHeader('end_date', 'Ends', 'DATE', null),
  tableHeader('creator', 'Created by', 'TEXT', null),
  tableHeader('created_at', 'Created', 'DATETIME', null),
  tableHeader('description', 'Description', 'TEXT', null, { default_visible: false }),
  tableHeader('id', 'ID', 'NUMBER', null),
  tableHeader('quick_actions', '', 'ROW_MENU', null),
];

const usersOf = sql<number>`(select count(*)::int from ${abTestAssignments} where ${abTestAssignments.testId} = ${abTests.id})`;
const creatorName = sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`;

/** The quick actions of §4: open → FINISH and ASSIGN_USERS; finished → FINISH only, disabled with its reason. */
function quickActions(isDone: boolean): AbTestRow['quick_actions'] {
  if (isDone) return [{ name: 'FINISH', is_disabled: true, disable_message: 'The test is finished already' }];
  return [
    { name: 'FINISH', is_disabled: false, disable_message: null },
    { name: 'ASSIGN_USERS', is_disabled: false, disable_message: null },
  ];
}

/** Tests as rows, newest first; one by id, or those matching `search`. */
export async function readAbTests(db: Database, where: { id?: number; search?: string } = {}): Promise<AbTestRow[]> {
  let condition: SQL | undefined;
  if (where.id !== undefined) condition = eq(abTests.id, where.id);
  else if (where.search) {
    const pattern = containsPattern(where.search);
    condition = or(
      ilike(abTests.featureId, pattern),
      ilike(abTests.featureLabel, pattern),
      ilike(abTests.description, pattern),
    );
  }
  const rows = await db
    .select({ test: abTests, users: usersOf, creator: creatorName })
    .from(abTests)
    .innerJoin(staff, eq(staff.id, abTests.creatorId))
    .where(condition)
    .orderBy(desc(abTests.createdAt), desc(abTests.id))
    .limit(500);
  return rows.map(({ test, users, creator }) => ({
    id: test.id,
    feature_id: test.featureId,
    feature_label: test.featureLabel,
    variants: test.variants,
    description: test.description,
    creator_id: test.creatorId,
    creator,
    end_date: test.endDate,
    is_done: test.isDone,
    created_at: isoTimestamp(test.createdAt),
    users,
    quick_actions: quickActions(test.isDone),
  }));
}

/** One test's row; the spec's catalogue answers an unknown id with 400. */
export async function readAbTest(db: Database, id: number): Promise<AbTestRow> {
  const [row] = await readAbTests(db, { id });
  if (!row) throw fail('ab_test_not_found');
  return row;
}
