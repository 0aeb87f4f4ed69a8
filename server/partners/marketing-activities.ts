import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { api } from '../../domain/api';
import { money } from '../../domain/money';
import { buildTrackingLink } from '../../domain/partner-fields';
import type { MarketingActivityRow } from '../../domain/partner-marketing';
import type { Permission } from '../../domain/permissions';
import type { Database } from '../db/client';
import { marketingActivities, staff } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { compileTableQuery, selectedColumns, type TableSource } from '../tables/filter-sql';
import { tableHeader } from '../tables/header';
import { keysetPage } from '../tables/keyset-page';
import { versionMicros } from '../users/details/general';
import { assertUtmSetFree, conflictOf } from './activities-crud';
import { linkColumns } from './activities-list';
import { headersWithTracking, linkHeaders, trackingHeaders } from './activity-headers';
import { activityActions, linkOf } from './activity-rows';
import { column, onlyColumns } from './columns';
import { withOwnerChoices } from './partner-lookups';
import { staffName } from './partner-rows';
import { assertPartnerOwner, minorUnits } from './partners-crud';
import { assertSlugFree, syncShortLink } from './short-links';
import { activityTracking } from './tracking';

type Record_ = typeof marketingActivities.$inferSelect;
const m = marketingActivities;

const headers = [
  tableHeader('id', 'ID', 'NUMBER', 'number'),
  tableHeader('activity_name', 'Activity', 'TEXT', 'text'),
  tableHeader('owner_tp_user_name', 'Owner', 'TEXT', null),
  tableHeader('owner_tp_user_id', 'Owner id', 'TAG', 'multi', { default_visible: false }),
  tableHeader('cost', 'Cost', 'CURRENCY', 'number'),
  tableHeader('start_date', 'Start', 'DATE', 'date'),
  tableHeader('num_of_activity_days', 'Days', 'NUMBER', 'number'),
  tableHeader('description', 'Description', 'TEXT', 'text', { default_visible: false }),
  ...linkHeaders,
  tableHeader('ref_id', 'Ref id', 'BOOLEAN_CHECK', 'multi', {
    options: ['true', 'false'],
    option_labels: { true: 'Yes', false: 'No' },
    default_visible: false,
  }),
  ...trackingHeaders,
  tableHeader('updated_at', 'Updated', 'DATETIME', 'date', { default_visible: false }),
  tableHeader('quick_actions', 'Actions', 'ROW_MENU', null),
];

const source: TableSource = {
  headers,
  columns: {
    id: column(m.id, 'integer'),
    activity_name: column(m.activityName, 'text'),
    owner_tp_user_id: column(sql`${m.ownerStaffId}::text`, 'text', { nullable: true }),
    cost: column(m.cost, 'bigint', { money: true }),
    start_date: column(m.startDate, 'timestamptz', { sql: sql`${m.startDate}::timestamptz` }),
    num_of_activity_days: column(m.numOfActivityDays, 'integer'),
    description: column(m.description, 'text'),
    ...linkColumns(m),
    ref_id: column(m.refId, 'boolean'),
    updated_at: column(m.updatedAt, 'timestamptz'),
  },
  id: sql`${m.id}`,
  defaultSort: { column: 'start_date', direction: 'desc' },
};

async function marketingRows(
  db: Database,
  records: readonly Record_[],
  context: { can: (permission: Permission) => boolean; request: FastifyRequest },
): Promise<MarketingActivityRow[]> {
  const ownerIds = [...new Set(records.map((record) => record.ownerStaffId).filter((id): id is number => id !== null))];
  const owners = ownerIds.length ? await db.select().from(staff).where(inArray(staff.id, ownerIds)) : [];
  const ownerName = new Map(owners.map((owner) => [owner.id, staffName(owner)]));
  const tracking = context.can('view_tracking')
    ? await activityTracking(
        db,
        'marketing_activities',
        records.map((record) => record.id),
      )
    : null;
  const actions = activityActions(context.can, ['EDIT_MARKETING_ACTIVITY', 'DELETE_MARKETING_ACTIVITY']);
  return records.map((record) => ({
    id: record.id,
    activity_name: record.activityName,
    cost: money(record.cost, 'USD'),
    start_date: record.startDate,
    num_of_activity_days: record.numOfActivityDays,
    description: record.description,
    owner_tp_user_name: record.ownerStaffId === null ? null : (ownerName.get(record.ownerStaffId) ?? null),
    owner_tp_user_id: record.ownerStaffId,
    ...linkOf(record, context.request),
    ref_id: record.refId,
    app_type: record.appType,
    updated_at: isoTimestamp(record.updatedAt),
    quick_actions: actions,
    ...(tracking ? tracking.get(record.id) : {}),
  }));
}

export const filterMarketingActivities = handle(api.marketingActivities.filter, async ({ db, body, can, request }) => {
  const query = compileTableQuery(source, body);
  const keys = selectedColumns(source, body.columns);
  const { records, nextCursor, total } = await keysetPage(db, marketingActivities, query, body.page_size);
  const rows = await marketingRows(db, records, { can, request });
  return {
    headers: await withOwnerChoices(db, headersWithTracking(headers, can)),
    marketing_activities: rows.map((row) => onlyColumns(row, keys)),
    meta: {
      enable_column_selection: true,
      total_number_of_marketing_activities: total.total,
      total_is_estimate: total.estimate,
      next_cursor: nextCursor,
      sort: query.sort,
    },
  };
});

export const createMarketingActivity = handle(api.marketingActivities.create, async ({ db, body, can, request }) => {
  await assertPartnerOwner(db, body.owner_tp_user_id);
  await assertUtmSetFree(db, body);
  if (body.slug) await assertSlugFree(db, body.slug);
  const created = await db
    .insert(marketingActivities)
    .values({
      activityName: body.activity_name,
      cost: minorUnits(body.cost),
      startDate: body.start_date,
      numOfActivityDays: body.num_of_activity_days,
      description: body.description,
      ownerStaffId: body.owner_tp_user_id,
      baseUrl: body.base_url,
      utmSource: body.utm_source,
      utmMedium: body.utm_medium,
      utmCampaign: body.utm_campaign,
      utmContent: body.utm_content,
      slug: body.slug,
      refId: body.ref_id,
      appType: body.app_type,
    })
    .returning()
    .then(([row]) => row, conflictOf);
  if (!created) throw fail('internal');
  await syncShortLink(
    db,
    { marketingActivityId: created.id },
    null,
    created.slug,
    buildTrackingLink(created.baseUrl, body),
  );
  const [row] = await marketingRows(db, [created], { can, request });
  return row as NonNullable<typeof row>;
});

async function lockMarketingActivity(db: Database, id: number): Promise<Record_> {
  const [record] = await db.select().from(m).where(eq(m.id, id)).for('update');
  if (!record) throw fail('marketing_activity_not_found');
  return record;
}

export const updateMarketingActivity = handle(
  api.marketingActivities.update,
  async ({ db, params, body, can, request }) => {
    const record = await lockMarketingActivity(db, params.marketing_activity_id);
    const sent = versionMicros(body.updated_at);
    if (sent === null || sent !== versionMicros(isoTimestamp(record.updatedAt))) throw fail('stale_version');
    await assertPartnerOwner(db, body.owner_tp_user_id);
    const next = {
      base_url: body.base_url ?? record.baseUrl,
      utm_source: body.utm_source ?? record.utmSource,
      utm_medium: body.utm_medium ?? record.utmMedium,
      utm_campaign: body.utm_campaign ?? record.utmCampaign,
      utm_content: body.utm_content !== undefined ? body.utm_content : record.utmContent,
      slug: body.slug !== undefined ? body.slug : record.slug,
    };
    await assertUtmSetFree(db, next, { marketingActivityId: record.id });
    if (next.slug) await assertSlugFree(db, next.slug, record.slug);
    const updated = await db
      .update(m)
      .set({
        ...(body.activity_name !== undefined ? { activityName: body.activity_name } : {}),
        ...(body.cost !== undefined ? { cost: minorUnits(body.cost) } : {}),
        ...(body.start_date !== undefined ? { startDate: body.start_date } : {}),
        ...(body.num_of_activity_days !== undefined ? { numOfActivityDays: body.num_of_activity_days } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.owner_tp_user_id !== undefined ? { ownerStaffId: body.owner_tp_user_id } : {}),
        ...(body.ref_id !== undefined ? { refId: body.ref_id } : {}),
        ...(body.app_type !== undefined ? { appType: body.app_type } : {}),
        baseUrl: next.base_url,
        utmSource: next.utm_source,
        utmMedium: next.utm_medium,
        utmCampaign: next.utm_campaign,
        utmContent: next.utm_content,
        slug: next.slug,
        updatedAt: sql`greatest(now(), ${record.updatedAt}::timestamptz + interval '1 microsecond')`,
      })
      .where(eq(m.id, record.id))
      .returning()
      .then(([row]) => row, conflictOf);
    if (!updated) throw fail('marketing_activity_not_found');
    await syncShortLink(
      db,
      { marketingActivityId: updated.id },
      record.slug,
      updated.slug,
      buildTrackingLink(next.base_url, next),
    );
    const [row] = await marketingRows(db, [updated], { can, request });
    return row as NonNullable<typeof row>;
  },
);

export const deleteMarketingActivity = handle(api.marketingActivities.remove, async ({ db, params }) => {
  const record = await lockMarketingActivity(db, params.marketing_activity_id);
  await db.delete(m).where(eq(m.id, record.id));
  return { id: record.id, deleted: true as const };
});
