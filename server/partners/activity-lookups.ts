import { asc, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { activityTypeLabels, activityTypes, utmMediums, utmSources } from '../../domain/partner-vocabulary';
import type { Database } from '../db/client';
import { activityCampaigns } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { utmSetTaken } from './tracking';
import { violatedConstraint } from './unique-violation';

export const listActivityTypes = handle(api.partnerActivities.activityTypes, async () => ({
  data: activityTypes.map((value) => ({ value, label: activityTypeLabels[value] })),
}));

export const listCampaigns = handle(
  api.partnerActivities.campaigns,
  async ({ db }) => ({
    data: await db
      .select({ id: activityCampaigns.id, name: activityCampaigns.name })
      .from(activityCampaigns)
      .orderBy(asc(activityCampaigns.name)),
  }),
  { transaction: false },
);

async function campaignExists(db: Database, name: string): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(
    sql`select exists (select 1 from activity_campaigns where lower(name) = lower(${name})) as taken`,
  );
  return Boolean(result.rows[0]?.taken);
}

/** `POST partners/activities/campaigns` (add_campaign): 409 on the field when the name exists. */
export const createCampaign = handle(api.partnerActivities.createCampaign, async ({ db, body, staff }) => {
  if (await campaignExists(db, body.name)) throw fail('campaign_exists', { field: 'name' });
  const [created] = await db
    .insert(activityCampaigns)
    .values({ name: body.name, createdBy: staff.id })
    .returning({ id: activityCampaigns.id, name: activityCampaigns.name })
    .catch((error: unknown) => {
      if (violatedConstraint(error) !== null) throw fail('campaign_exists', { field: 'name' });
      throw error;
    });
  if (!created) throw fail('internal');
  return created;
});

export const isUniqueCampaign = handle(
  api.partnerActivities.isUniqueCampaign,
  async ({ db, query }) => ({ data: { is_unique_campaign: !(await campaignExists(db, query.name)) } }),
  { transaction: false },
);

export const isUniqueUtm = handle(
  api.partnerActivities.isUniqueUtm,
  async ({ db, query }) => ({
    data: {
      is_unique_utm: !(await utmSetTaken(
        db,
        { utm_source: query.utm_source, utm_campaign: query.utm_campaign, utm_content: query.utm_content ?? null },
        { activityId: query.activity_id, marketingActivityId: query.marketing_activity_id },
      )),
    },
  }),
  { transaction: false },
);

/** The usual values, then those in use in either activity table (most used first), without repeats. */
async function offered(db: Database, column: 'utm_source' | 'utm_medium', usual: readonly string[]) {
  const name = sql.raw(column);
  const result = await db.execute<{ value: string }>(sql`
    select value from (
      select ${name} as value from partner_activities union all select ${name} from marketing_activities
    ) used group by value order by count(*) desc, value limit 50`);
  return { data: [...new Set([...usual, ...result.rows.map((row) => row.value)])] };
}

export const listUtmSources = handle(
  api.partnerActivities.utmSources,
  async ({ db }) => offered(db, 'utm_source', utmSources),
  {
    transaction: false,
  },
);
export const listUtmMediums = handle(
  api.partnerActivities.utmMediums,
  async ({ db }) => offered(db, 'utm_medium', utmMediums),
  {
    transaction: false,
  },
);
