import { eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { CreateActivityFields } from '../../domain/partner-activities';
import type { Database } from '../db/client';
import { partnerActivities, partners } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { noteDeleted, shortLinksOf } from '../undo/restore';
import { activityRows } from './activity-rows';
import { activityWrites } from './activity-writes';
import { minorUnits } from './partners-crud';

/** Partner activities, for the shared activity writes. */
const writes = activityWrites({
  table: partnerActivities,
  columns: (body: Partial<CreateActivityFields>) => ({
    partnerId: body.partner_id,
    type: body.type,
    description: body.description,
    cost: body.cost === undefined ? undefined : minorUnits(body.cost),
    eventDate: body.event_date,
    ignoreSubscriberGrant: body.ignore_subscriber_grant,
    appType: body.app_type,
  }),
  rows: activityRows,
});

async function assertPartner(db: Database, partnerId: number): Promise<void> {
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw fail('partner_not_found', { detail: 'partner_id: no partner with this id', field: 'partner_id' });
}

/** `POST partners/activities`: the partner must exist; the UTM set and the slug must be free (409 on the field). */
export const createActivity = handle(api.partnerActivities.create, async ({ db, body, can, request }) => {
  await assertPartner(db, body.partner_id);
  return writes.create(db, body, { can, request });
});

/** `PUT partners/activities/{id}`: the fields sent, against the version read; the short link follows its activity. */
export const updateActivity = handle(api.partnerActivities.update, async ({ db, params, body, can, request }) => {
  const record = await writes.lock(db, params.activity_id);
  if (body.partner_id !== undefined) await assertPartner(db, body.partner_id);
  return writes.update(db, record, body, { can, request });
});

/** `DELETE partners/activities/{id}` (delete_activities): the activity and, with it, its short link. */
export const deleteActivity = handle(api.partnerActivities.remove, async ({ db, params, request }) => {
  const record = await writes.lock(db, params.activity_id);
  const links = await shortLinksOf(db, { partner: record.id });
  noteDeleted(
    request,
    { kind: 'partner_activity', id: record.id },
    { partner_activities: [record], short_links: links },
  );
  return writes.remove(db, record.id);
});
