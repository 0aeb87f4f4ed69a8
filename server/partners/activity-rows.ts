import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { refusalOf } from '../../domain/labels';
import { money } from '../../domain/money';
import type { ActivityRow } from '../../domain/partner-activities';
import { buildTrackingLink } from '../../domain/partner-fields';
import type { Permission } from '../../domain/permissions';
import type { QuickAction } from '../../domain/tables';
import type { Database } from '../db/client';
import { type partnerActivities, partners } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { shortLinkUrl } from './short-links';
import { type ActivityTableName, activityTracking } from './tracking';

export type ActivityRecord = typeof partnerActivities.$inferSelect;

/** The link-builder part of a row: base_url, the built link and the short link. */
export function linkOf(
  record: Pick<ActivityRecord, 'baseUrl' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmContent' | 'slug'>,
  request: FastifyRequest,
) {
  return {
    base_url: record.baseUrl,
    link: buildTrackingLink(record.baseUrl, {
      utm_source: record.utmSource,
      utm_medium: record.utmMedium,
      utm_campaign: record.utmCampaign,
      utm_content: record.utmContent,
    }),
    slug: record.slug,
    short_link: shortLinkUrl(request, record.slug),
    utm_source: record.utmSource,
    utm_medium: record.utmMedium,
    utm_campaign: record.utmCampaign,
    utm_content: record.utmContent,
  };
}

/** Edit (partner_managment) and delete (delete_activities) of an activity row, disabled with the reason. */
function activityActions(
  can: (permission: Permission) => boolean,
  names: readonly [edit: string, remove: string],
): QuickAction[] {
  return [
    { name: names[0], permission: 'partner_managment' as const },
    { name: names[1], permission: 'delete_activities' as const },
  ].map(({ name, permission }) => ({
    name,
    is_disabled: !can(permission),
    disable_message: can(permission) ? null : refusalOf(permission),
  }));
}

/** The request rows are built for: who may see the tracking numbers, and on which origin short links live. */
export interface RowContext {
  can: (permission: Permission) => boolean;
  request: FastifyRequest;
}

/** What both activity tables' records carry for the shared part of a row. */
type SharedRecord = Pick<
  ActivityRecord,
  'id' | 'baseUrl' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmContent' | 'slug' | 'appType' | 'updatedAt'
>;

/**
 * Rows of either activity table: the table's own fields (`own`), then the link builder's, the app, the version, the
 * row menu (`actionNames`: edit, delete) and, for view_tracking holders only, the tracking numbers (one query).
 */
export async function sharedActivityRows<R extends SharedRecord, Own>(
  db: Database,
  table: ActivityTableName,
  records: readonly R[],
  context: RowContext,
  actionNames: readonly [edit: string, remove: string],
  own: (record: R) => Own,
) {
  const tracking = context.can('view_tracking')
    ? await activityTracking(
        db,
        table,
        records.map((record) => record.id),
      )
    : null;
  const actions = activityActions(context.can, actionNames);
  return records.map((record) => ({
    ...own(record),
    ...linkOf(record, context.request),
    app_type: record.appType,
    updated_at: isoTimestamp(record.updatedAt),
    quick_actions: actions,
    ...(tracking ? tracking.get(record.id) : {}),
  }));
}

/** Partner activity rows for records: partner names in one query, then the shared part. */
export async function activityRows(
  db: Database,
  records: readonly ActivityRecord[],
  context: RowContext,
): Promise<ActivityRow[]> {
  const partnerIds = [...new Set(records.map((record) => record.partnerId))];
  const names = partnerIds.length
    ? await db.select({ id: partners.id, name: partners.name }).from(partners).where(inArray(partners.id, partnerIds))
    : [];
  const partnerName = new Map(names.map((row) => [row.id, row.name]));
  return sharedActivityRows(
    db,
    'partner_activities',
    records,
    context,
    ['EDIT_ACTIVITY', 'DELETE_ACTIVITY'],
    (record) => ({
      id: record.id,
      partner_name: partnerName.get(record.partnerId) ?? '',
      partner_id: record.partnerId,
      type: record.type,
      description: record.description,
      cost: money(record.cost, 'USD'),
      event_date: record.eventDate,
      ignore_subscriber_grant: record.ignoreSubscriberGrant,
    }),
  );
}
