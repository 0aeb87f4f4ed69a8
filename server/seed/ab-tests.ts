import { type SQL, sql } from 'drizzle-orm';
import { payingSubscriptions } from '../../domain/ab-tests';
import { rowsOf } from '../db/rows';
import { isoAt, type SqlRunner } from './bulk-insert';

const day = 86_400_000;

interface TestPlan {
  featureId: string;
  label: string;
  description: string;
  /** Name, percentage, and the share (in %) of its paying customers who were not paying when assigned. */
  variants: readonly (readonly [string, number, number])[];
  /** Days before now it started, and its end (days from now; null: open-ended). */
  started: number;
  ends: number | null;
  /** Finished this many days ago (null: still open). */
  finished: number | null;
}

const testPlans: readonly TestPlan[] = [
  {
    featureId: 'onboarding-video',
    label: 'Onboarding video',
    description: 'A short video on the first screen instead of the checklist',
    variants: [
      ['checklist', 50, 20],
      ['video', 50, 34],
    ],
    started: 80,
    ends: -20,
    finished: 19,
  },
  {
    featureId: 'pricing-annual-first',
    label: 'Pricing page',
    description: 'The yearly plan shown first on the pricing page',
    variants: [
      ['monthly-first', 50, 25],
      ['annual-first', 50, 26],
    ],
    started: 60,
    ends: -10,
    finished: 9,
  },
  {
    featureId: 'editor-tips',
    label: 'Editor tips',
    description: 'Tips while the first gallery is edited: none, tooltips, or a checklist',
    variants: [
      ['none', 34, 22],
      ['tooltips', 33, 27],
      ['checklist', 33, 24],
    ],
    started: 14,
    ends: 30,
    finished: null,
  },
  {
    featureId: 'trial-length',
    label: 'Trial length',
    description: 'A trial of 200 photos instead of 100',
    variants: [
      ['control', 70, 21],
      ['extended', 30, 29],
    ],
    started: 6,
    ends: null,
    finished: null,
  },
];

const paying = sql.join(
  payingSubscriptions.map((type) => sql`${type}`),
  sql`, `,
);

/** `case` over a per-customer bucket 0–99: the variant whose cumulative percentage holds it, and its value. */
function byBucket(bucket: SQL, plan: TestPlan, pick: (variant: readonly [string, number, number]) => SQL): SQL {
  let upTo = 0;
  const whens = plan.variants.map((variant) => {
    upTo += variant[1];
    return sql`when ${bucket} < ${upTo}::int then ${pick(variant)}`;
  });
  return sql`case ${sql.join(whens, sql` `)} else ${pick(plan.variants.at(-1) ?? ['', 0, 0])} end`;
}

/**
 * Four A/B tests, two finished with results and two open, each over about a thousand of the first customers (a
 * quarter each, by id): a customer's variant by a hash of their id, assigned over the test's days. Conversions come
 * from what the customers are now: of those paying now, a variant's share were assigned while still on trial.
 */
export async function seedAbTests(db: SqlRunner, creator: number, now: number): Promise<void> {
  const [first] = rowsOf<{ id: number }>(await db.execute(sql`select coalesce(min(id), 0)::int as id from customers`));
  const firstId = Number(first?.id ?? 0);
  for (const [index, plan] of testPlans.entries()) {
    const created = now - plan.started * day;
    const [test] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into ab_tests (feature_id, feature_label, variants, description, creator_id,
          end_date, is_done, finished_at, created_at)
        values (${plan.featureId}, ${plan.label},
          ${JSON.stringify(plan.variants.map(([name, percentage]) => ({ name, percentage })))}::jsonb,
          ${plan.description}, ${creator},
          ${plan.ends === null ? null : isoAt(now + plan.ends * day).slice(0, 10)},
          ${plan.finished !== null}, ${plan.finished === null ? null : isoAt(now - plan.finished * day)},
          ${isoAt(created)})
        returning id`),
    );
    if (!test) continue;
    const bucket = sql`((hashint4(c.id * 8 + ${index}::int)::bigint % 100 + 100) % 100)`;
    const convertedBucket = sql`((hashint4(c.id * 8 + ${index + 4}::int)::bigint % 100 + 100) % 100)`;
    const days = Math.max(1, plan.started - (plan.finished ?? 0));
    await db.execute(sql`insert into ab_test_assignments (test_id, customer_id, variant, subscription_at_assignment,
        assigned_at)
      select ${test.id}, c.id, ${byBucket(bucket, plan, ([name]) => sql`${name}::text`)},
        case when c.subscription_type in (${paying})
               and ${convertedBucket} < ${byBucket(bucket, plan, ([, , share]) => sql`${share}::int`)}
             then 'TRIAL_METERED' else c.subscription_type end,
        ${isoAt(created)}::timestamptz + (c.id % ${days}::int) * interval '1 day' + (c.id % 24) * interval '1 hour'
      from customers c
      where c.id < ${firstId + 4000}::int and c.id % 4 = ${index}::int`);
  }
}
