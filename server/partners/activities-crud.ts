import { eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { UtmSet } from '../../domain/partner-fields';
import { buildTrackingLink } from '../../domain/partner-fields';
import type { Database } from '../db/client';
import { partnerActivities, partners } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { versionMicros } from '../users/details/general';
import { activityRows } from './activity-rows';
import { minorUnits } from './partners-crud';
import { assertSlugFree, syncShortLink } from './short-links';
import { utmSetTaken } from './tracking';
import { violatedConstraint } from './unique-violation';

/** Refuses a UTM set another activity (of either table) uses: 409 on utm_campaign. */
export async function assertUtmSetFree(
  db: Database,
  set: Pick<UtmSet, 'utm_source' | 'utm_campaign' | 'utm_content'>,
  except: { activityId?: number; marketingActivityId?: number } = {},
): Promise<void> {
  if (await utmSetTaken(db, set, except)) throw fail('utm_set_taken', { field: 'utm_campaign' });
}

/** Turns a unique violation of the activity tables or short links into the 409 it means; rethrows anything else. */
export function conflictOf(error: unknown): never {
  const constraint = violatedConstraint(error);
  if (constraint?.includes('utm_set')) throw fail('utm_set_taken', { field: 'utm_campaign' });
  if (constraint?.includes('slug')) throw fail('slug_taken', { field: 'slug' });
  throw error;
}

async function assertPartner(db: Database, partnerId: number): Promise<void> {
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw fail('partner_not_found', { detail: 'partner_id: no partner with this id', field: 'partner_id' });
}

async function lockActivity(db: Database, id: number) {
  const [record] = await db.select().from(partnerActivities).where(eq(partnerActivities.id, id)).for('update');
  if (!record) throw fail('activity_not_found');
  return record;
}

/** `POST partners/activities`: the partner must exist; the UTM set and the slug must be free (409 on the field). */
export const createActivity = handle(api.partnerActivities.create, async ({ db, body, can, request }) => {
  await assertPartner(db, body.partner_id);
  await assertUtmSetFree(db, body);
  if (body.slug) await assertSlugFree(db, body.slug);
  const created = await db
    .insert(partnerActivities)
    .values({
      partnerId: body.partner_id,
      type: body.type,
      description: body.description,
      cost: minorUnits(body.cost),
      eventDate: body.event_date,
      baseUrl: body.base_url,
      utmSource: body.utm_source,
      utmMedium: body.utm_medium,
      utmCampaign: body.utm_campaign,
      utmContent: body.utm_content,
      slug: body.slug,
      ignoreSubscriberGrant: body.ignore_subscriber_grant,
      appType: body.app_type,
    })
    .returning()
    .then(([row]) => row, conflictOf);
  if (!created) throw fail('internal');
  await syncShortLink(
    db,
    { partnerActivityId: created.id },
    null,
    created.slug,
    buildTrackingLink(created.baseUrl, body),
  );
  const [row] = await activityRows(db, [created], { can, request });
  return row as NonNullable<typeof row>;
});

/** `PUT partners/activities/{id}`: the fields sent, against the version read; the short link follows its activity. */
export const updateActivity = handle(api.partnerActivities.update, async ({ db, params, body, can, request }) => {
  const record = await lockActivity(db, params.activity_id);
  const sent = versionMicros(body.updated_at);
  if (sent === null || sent !== versionMicros(isoTimestamp(record.updatedAt))) throw fail('stale_version');
  if (body.partner_id !== undefined) await assertPartner(db, body.partner_id);
  const next = {
    base_url: body.base_url ?? record.baseUrl,
    utm_source: body.utm_source ?? record.utmSource,
    utm_medium: body.utm_medium ?? record.utmMedium,
    utm_campaign: body.utm_campaign ?? record.utmCampaign,
    utm_content: body.utm_content !== undefined ? body.utm_content : record.utmContent,
    slug: body.slug !== undefined ? body.slug : record.slug,
  };
  await assertUtmSetFree(db, next, { activityId: record.id });
  if (next.slug) await assertSlugFree(db, next.slug, record.slug);
  const updated = await db
    .update(partnerActivities)
    .set({
      ...(body.partner_id !== undefined ? { partnerId: body.partner_id } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.cost !== undefined ? { cost: minorUnits(body.cost) } : {}),
      ...(body.event_date !== undefined ? { eventDate: body.event_date } : {}),
      ...(body.ignore_subscriber_grant !== undefined ? { ignoreSubscriberGrant: body.ignore_subscriber_grant } : {}),
      ...(body.app_type !== undefined ? { appType: body.app_type } : {}),
      baseUrl: next.base_url,
      utmSource: next.utm_source,
      utmMedium: next.utm_medium,
      utmCampaign: next.utm_campaign,
      utmContent: next.utm_content,
      slug: next.slug,
      updatedAt: sql`greatest(now(), ${record.updatedAt}::timestamptz + interval '1 microsecond')`,
    })
    .where(eq(partnerActivities.id, record.id))
    .returning()
    .then(([row]) => row, conflictOf);
  if (!updated) throw fail('activity_not_found');
  await syncShortLink(
    db,
    { partnerActivityId: updated.id },
    record.slug,
    updated.slug,
    buildTrackingLink(next.base_url, next),
  );
  const [row] = await activityRows(db, [updated], { can, request });
  return row as NonNullable<typeof row>;
});

/** `DELETE partners/activities/{id}` (delete_activities): the activity and, with it, its short link. */
export const deleteActivity = handle(api.partnerActivities.remove, async ({ db, params }) => {
  const record = await lockActivity(db, params.activity_id);
  await db.delete(partnerActivities).where(eq(partnerActivities.id, record.id));
  return { id: record.id, deleted: true as const };
});
