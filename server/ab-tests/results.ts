import { sql } from 'drizzle-orm';
import { type AbTestResults, payingSubscriptions } from '../../domain/ab-tests';
import type { Database } from '../db/client';
import { twoProportionTest } from './statistics';

const paying = sql.join(
  payingSubscriptions.map((type) => sql`${type}`),
  sql`, `,
);

/**
 * Results from the customers table: per variant, users assigned, those not paying when assigned (eligible) and those
 * of them paying now (conversions); each variant tested against the first; assignments per day for the chart.
 */
export async function abTestResults(
  db: Database,
  testId: number,
  variants: readonly { name: string; percentage: number }[],
): Promise<AbTestResults> {
  const counts = await db.execute<{ variant: string; users: number; eligible: number; conversions: number }>(sql`
    select a.variant,
           count(*)::int as users,
           count(*) filter (where a.subscription_at_assignment not in (${paying}))::int as eligible,
           count(*) filter (where a.subscription_at_assignment not in (${paying})
                              and c.subscription_type in (${paying}))::int as conversions
    from ab_test_assignments a join customers c on c.id = a.customer_id
    where a.test_id = ${testId}
    group by a.variant`);
  const byName = new Map(counts.rows.map((row) => [row.variant, row]));
  const observed = variants.map((variant) => {
    const row = byName.get(variant.name);
    return {
      name: variant.name,
      percentage: variant.percentage,
      users: Number(row?.users ?? 0),
      eligible: Number(row?.eligible ?? 0),
      conversions: Number(row?.conversions ?? 0),
    };
  });
  const control = observed[0];
  const results = observed.map((variant, index) => {
    const test =
      index === 0 || !control
        ? null
        : twoProportionTest(control.conversions, control.eligible, variant.conversions, variant.eligible);
    return {
      ...variant,
      conversion_rate: variant.eligible === 0 ? 0 : variant.conversions / variant.eligible,
      z_score: test ? test.z : null,
      p_value: test ? test.p : null,
      confidence: test ? 1 - test.p : null,
    };
  });
  const days = await db.execute<{ day: string; variant: string; n: number }>(sql`
    select to_char(date_trunc('day', assigned_at at time zone 'UTC'), 'YYYY-MM-DD') as day, variant, count(*)::int as n
    from ab_test_assignments where test_id = ${testId}
    group by 1, 2 order by 1`);
  const dayList = [...new Set(days.rows.map((row) => row.day))];
  const series: Record<string, number[]> = Object.fromEntries(
    variants.map((variant) => [variant.name, dayList.map(() => 0)]),
  );
  for (const row of days.rows) {
    const list = series[row.variant];
    if (list) list[dayList.indexOf(row.day)] = Number(row.n);
  }
  return { variants: results, assigned_by_day: { days: dayList, counts: series } };
}
