import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { refusalOf } from '../../domain/labels';
import { money } from '../../domain/money';
import type { PartnerRow } from '../../domain/partners';
import type { Permission } from '../../domain/permissions';
import type { QuickAction } from '../../domain/tables';
import type { Database } from '../db/client';
import { partners, staff } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { costPerSubscriber, type PartnerTotals, partnerTotals } from './tracking';

export type PartnerRecord = typeof partners.$inferSelect;

/** A staff member's name as the partner rows show it. */
export function staffName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/** The partner's row actions: edit (partner_managment), delete (partner_managment; refused while it has activities). */
function partnerActions(can: (permission: Permission) => boolean): QuickAction[] {
  const allowed = can('partner_managment');
  return (['EDIT_PARTNER', 'DELETE_PARTNER'] as const).map((name) => ({
    name,
    is_disabled: !allowed,
    disable_message: allowed ? null : refusalOf('partner_managment'),
  }));
}

/** The public page of a partner's profile, on the server the request reached. */
export function profilePageUrl(request: FastifyRequest, slug: string | null): string | null {
  return slug ? `${request.protocol}://${request.host}/partner/${slug}` : null;
}

/** Partner rows for records: owners' names and the computed totals read in one query each for the whole page. */
export async function partnerRows(
  db: Database,
  records: readonly PartnerRecord[],
  context: { can: (permission: Permission) => boolean; request: FastifyRequest },
): Promise<PartnerRow[]> {
  const ids = records.map((record) => record.id);
  const ownerIds = [...new Set(records.map((record) => record.ownerStaffId).filter((id): id is number => id !== null))];
  const owners = ownerIds.length
    ? await db
        .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName })
        .from(staff)
        .where(inArray(staff.id, ownerIds))
    : [];
  const ownerNames = new Map(owners.map((owner) => [owner.id, staffName(owner)]));
  const totals = await partnerTotals(db, ids);
  const tracking = context.can('view_tracking');
  const actions = partnerActions(context.can);
  return records.map((record) => {
    const total: PartnerTotals = totals.get(record.id) ?? { activities: 0, subscribers: 0, cost: 0 };
    return {
      id: record.id,
      name: record.name,
      type: record.type,
      email: record.email,
      ref: record.ref,
      user_id: record.userId,
      trial_photos_new_user: record.trialPhotosNewUser,
      credit_per_subscriber: money(record.creditPerSubscriber, 'USD'),
      form_of_payment: record.formOfPayment,
      num_of_activities: total.activities,
      ...(tracking
        ? { total_subscribers: total.subscribers, cac: costPerSubscriber(total.cost, total.subscribers) }
        : {}),
      updated_at: isoTimestamp(record.updatedAt),
      owner_tp_user_name: record.ownerStaffId === null ? null : (ownerNames.get(record.ownerStaffId) ?? null),
      owner_tp_user_id: record.ownerStaffId,
      count_in_reports: record.countInReports,
      skip_base_payment: record.skipBasePayment,
      profile_page_url: profilePageUrl(context.request, record.profileSlug),
      quick_actions: actions,
    };
  });
}

/** The partner, locked for the change (404 when unknown). */
export async function lockPartner(db: Database, id: number): Promise<PartnerRecord> {
  const [record] = await db.select().from(partners).where(eq(partners.id, id)).for('update');
  if (!record) throw fail('partner_not_found');
  return record;
}
