import { and, eq, ne, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { toMinorUnits } from '../../domain/money';
import { can as roleCan } from '../../domain/permissions';
import { isRole } from '../../domain/roles';
import type { Database } from '../db/client';
import { customers, partnerActivities, partners, staff } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { noteDeleted } from '../undo/restore';
import { versionMicros } from '../users/details/general';
import { lockPartner, partnerRows } from './partner-rows';

/** Minor units of an amount in major units (12.5 → 1250). */
export function minorUnits(amount: number): number {
  return toMinorUnits({ amount: Math.round(amount * 100), multiplier: 100, symbol: '$' });
}

/** True when another partner (not `exceptId`) uses the e-mail, case-insensitively. */
export async function partnerEmailTaken(db: Database, email: string, exceptId = 0): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(sql`lower(${partners.email}) = lower(${email})`, ne(partners.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** True when another partner (not `exceptId`) uses the ref, case-insensitively. */
export async function partnerRefTaken(db: Database, ref: string, exceptId = 0): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(sql`lower(${partners.ref}) = lower(${ref})`, ne(partners.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Refuses an owner who is not an active staff member whose role may manage partners (400 on the field). */
export async function assertPartnerOwner(db: Database, staffId: number | null | undefined): Promise<void> {
  if (staffId === null || staffId === undefined) return;
  const [member] = await db.select().from(staff).where(eq(staff.id, staffId));
  if (!member?.active || !isRole(member.role) || !roleCan(member.role, 'partner_managment')) {
    throw fail('partner_owner_unknown', { field: 'owner_tp_user_id' });
  }
}

async function assertCustomer(db: Database, userId: number | null | undefined): Promise<void> {
  if (userId === null || userId === undefined) return;
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, userId));
  if (!customer) throw fail('partner_user_unknown', { field: 'user_id' });
}

async function assertIdentityFree(db: Database, fields: { email?: string; ref?: string }, exceptId = 0) {
  if (fields.email !== undefined && (await partnerEmailTaken(db, fields.email, exceptId))) {
    throw fail('partner_email_taken', { field: 'email' });
  }
  if (fields.ref !== undefined && (await partnerRefTaken(db, fields.ref, exceptId))) {
    throw fail('partner_ref_taken', { field: 'ref' });
  }
}

/** `POST partners`: checks e-mail and ref (409 naming the field), the owner and the customer, then creates it. */
export const createPartner = handle(api.partners.create, async ({ db, body, can, request }) => {
  await assertIdentityFree(db, body);
  await assertPartnerOwner(db, body.owner_tp_user_id);
  await assertCustomer(db, body.user_id);
  const [created] = await db
    .insert(partners)
    .values({
      name: body.name,
      type: body.type,
      email: body.email,
      ref: body.ref,
      userId: body.user_id,
      trialPhotosNewUser: body.trial_photos_new_user,
      creditPerSubscriber: minorUnits(body.credit_per_subscriber),
      formOfPayment: body.form_of_payment,
      ownerStaffId: body.owner_tp_user_id,
      countInReports: body.count_in_reports,
      skipBasePayment: body.skip_base_payment,
    })
    .returning();
  if (!created) throw fail('internal');
  const [row] = await partnerRows(db, [created], { can, request });
  return row as NonNullable<typeof row>;
});

/** `PUT partners/{id}`: the fields sent, if the version sent is still the stored one (409 stale_version). */
export const updatePartner = handle(api.partners.update, async ({ db, params, body, can, request }) => {
  const record = await lockPartner(db, params.partner_id);
  const sent = versionMicros(body.updated_at);
  if (sent === null || sent !== versionMicros(isoTimestamp(record.updatedAt))) throw fail('stale_version');
  await assertIdentityFree(db, { email: body.email, ref: body.ref }, record.id);
  await assertPartnerOwner(db, body.owner_tp_user_id);
  await assertCustomer(db, body.user_id);
  const [updated] = await db
    .update(partners)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.ref !== undefined ? { ref: body.ref } : {}),
      ...(body.user_id !== undefined ? { userId: body.user_id } : {}),
      ...(body.trial_photos_new_user !== undefined ? { trialPhotosNewUser: body.trial_photos_new_user } : {}),
      ...(body.credit_per_subscriber !== undefined
        ? { creditPerSubscriber: minorUnits(body.credit_per_subscriber) }
        : {}),
      ...(body.form_of_payment !== undefined ? { formOfPayment: body.form_of_payment } : {}),
      ...(body.owner_tp_user_id !== undefined ? { ownerStaffId: body.owner_tp_user_id } : {}),
      ...(body.count_in_reports !== undefined ? { countInReports: body.count_in_reports } : {}),
      ...(body.skip_base_payment !== undefined ? { skipBasePayment: body.skip_base_payment } : {}),
      updatedAt: sql`greatest(now(), ${record.updatedAt}::timestamptz + interval '1 microsecond')`,
    })
    .where(eq(partners.id, record.id))
    .returning();
  if (!updated) throw fail('partner_not_found');
  const [row] = await partnerRows(db, [updated], { can, request });
  return row as NonNullable<typeof row>;
});

/** `DELETE partners/{id}`: only a partner without activities (409 saying what to do), never leaving orphans. */
export const deletePartner = handle(api.partners.remove, async ({ db, params, request }) => {
  const record = await lockPartner(db, params.partner_id);
  const [activity] = await db
    .select({ id: partnerActivities.id })
    .from(partnerActivities)
    .where(eq(partnerActivities.partnerId, record.id))
    .limit(1);
  if (activity) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(partnerActivities)
      .where(eq(partnerActivities.partnerId, record.id));
    const n = Number(counted?.n ?? 0);
    throw fail('partner_has_activities', {
      detail: `${record.name} still has ${n} ${n === 1 ? 'activity' : 'activities'}: delete them (or move them to another partner) first`,
    });
  }
  noteDeleted(request, { kind: 'partner', id: record.id }, { partners: [record] });
  await db.delete(partners).where(eq(partners.id, record.id));
  return { id: record.id, deleted: true as const };
});
