import { inArray, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { money } from '../../domain/money';
import type { CreateMarketingActivityFields, MarketingActivityRow } from '../../domain/partner-marketing';
import type { Database } from '../db/client';
import { marketingActivities, staff } from '../db/schema';
import { handle } from '../http/handler';
import { compileTableQuery, selectedColumns, type TableSource } from '../tables/filter-sql';
import { tableHeader } from '../tables/header';
import { keysetPage } from '../tables/keyset-page';
import { noteDeleted, shortLinksOf } from '../undo/restore';
import { linkColumns } from './activities-list';
import { headersWithTracking, linkHeaders, trackingHeaders } from './activity-headers';
import { type RowContext, sharedActivityRows } from './activity-rows';
import { activityWrites } from './activity-writes';
import { column, onlyColumns } from './columns';
import { withOwnerChoices } from './partner-lookups';
import { staffName } from './partner-rows';
import { assertPartnerOwner, minorUnits } from './partners-crud';

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
  context: RowContext,
): Promise<MarketingActivityRow[]> {
  const ownerIds = [...new Set(records.map((record) => record.ownerStaffId).filter((id): id is number => id !== null))];
  const owners = ownerIds.length ? await db.select().from(staff).where(inArray(staff.id, ownerIds)) : [];
  const ownerName = new Map(owners.map((owner) => [owner.id, staffName(owner)]));
  return sharedActivityRows(
    db,
    'marketing_activities',
    records,
    context,
    ['EDIT_MARKETING_ACTIVITY', 'DELETE_MARKETING_ACTIVITY'],
    (record) => ({
      id: record.id,
      activity_name: record.activityName,
      cost: money(record.cost, 'USD'),
      start_date: record.startDate,
      num_of_activity_days: record.numOfActivityDays,
      description: record.description,
      owner_tp_user_name: record.ownerStaffId === null ? null : (ownerName.get(record.ownerStaffId) ?? null),
      owner_tp_user_id: record.ownerStaffId,
      ref_id: record.refId,
    }),
  );
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

/** Marketing activities, for the shared activity writes. */
const writes = activityWrites({
  table: marketingActivities,
  columns: (body: Partial<CreateMarketingActivityFields>) => ({
    activityName: body.activity_name,
    cost: body.cost === undefined ? undefined : minorUnits(body.cost),
    startDate: body.start_date,
    numOfActivityDays: body.num_of_activity_days,
    description: body.description,
    ownerStaffId: body.owner_tp_user_id,
    refId: body.ref_id,
    appType: body.app_type,
  }),
  rows: marketingRows,
});

/** `POST partners/marketing_activities`: an owner from the staff list; UTM set and slug free (409 on the field). */
export const createMarketingActivity = handle(api.marketingActivities.create, async ({ db, body, can, request }) => {
  await assertPartnerOwner(db, body.owner_tp_user_id);
  return writes.create(db, body, { can, request });
});

/** `PUT partners/marketing_activities/{id}`: the fields sent, against the version read. */
export const updateMarketingActivity = handle(
  api.marketingActivities.update,
  async ({ db, params, body, can, request }) => {
    const record = await writes.lock(db, params.marketing_activity_id);
    await assertPartnerOwner(db, body.owner_tp_user_id);
    return writes.update(db, record, body, { can, request });
  },
);

/** `DELETE partners/marketing_activities/{id}` (delete_activities): the activity and its short link. */
export const deleteMarketingActivity = handle(api.marketingActivities.remove, async ({ db, params, request }) => {
  const record = await writes.lock(db, params.marketing_activity_id);
  const links = await shortLinksOf(db, { marketing: record.id });
  noteDeleted(
    request,
    { kind: 'marketing_activity', id: record.id },
    { marketing_activities: [record], short_links: links },
  );
  return writes.remove(db, record.id);
});
