import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { activityTypes, appTypes } from '../../domain/partner-vocabulary';
import { type marketingActivities, partnerActivities } from '../db/schema';
import { handle } from '../http/handler';
import { compileTableQuery, selectedColumns, type TableColumn, type TableSource } from '../tables/filter-sql';
import { keysetPage } from '../tables/keyset-page';
import { activitiesTableHeaders, headersWithTracking } from './activity-headers';
import { activityRows } from './activity-rows';
import { column, onlyColumns } from './columns';

const a = partnerActivities;

/** The link builder's filterable columns of an activity table. */
export function linkColumns(table: typeof partnerActivities | typeof marketingActivities) {
  return {
    utm_source: column(table.utmSource, 'text'),
    utm_medium: column(table.utmMedium, 'text'),
    utm_campaign: column(table.utmCampaign, 'text'),
    utm_content: column(table.utmContent, 'text'),
    slug: column(table.slug, 'text'),
    base_url: column(table.baseUrl, 'text'),
    app_type: column(table.appType, 'text', { values: appTypes }),
  } satisfies Record<string, TableColumn>;
}

const activitiesSource: TableSource = {
  headers: activitiesTableHeaders,
  columns: {
    id: column(a.id, 'integer'),
    partner_id: column(a.partnerId, 'integer'),
    type: column(a.type, 'text', { values: activityTypes }),
    description: column(a.description, 'text'),
    cost: column(a.cost, 'bigint', { money: true }),
    event_date: column(a.eventDate, 'timestamptz', { sql: sql`${a.eventDate}::timestamptz` }),
    ...linkColumns(a),
    ignore_subscriber_grant: column(a.ignoreSubscriberGrant, 'boolean'),
    updated_at: column(a.updatedAt, 'timestamptz'),
  },
  id: sql`${a.id}`,
  defaultSort: { column: 'updated_at', direction: 'desc' },
};

/** Partner activities filtered, sorted and paged in SQL; tracking numbers for the page only (view_tracking). */
export const filterActivities = handle(api.partnerActivities.filter, async ({ db, body, can, request }) => {
  const query = compileTableQuery(activitiesSource, body);
  const keys = selectedColumns(activitiesSource, body.columns);
  const { records, nextCursor, total } = await keysetPage(db, partnerActivities, query, body.page_size);
  const rows = await activityRows(db, records, { can, request });
  return {
    headers: headersWithTracking(activitiesTableHeaders, can),
    activities: rows.map((row) => onlyColumns(row, keys)),
    meta: {
      enable_column_selection: true,
      total_number_of_activities: total.total,
      total_is_estimate: total.estimate,
      next_cursor: nextCursor,
      sort: query.sort,
    },
  };
});
