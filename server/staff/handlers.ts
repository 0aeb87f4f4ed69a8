import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { invitationHours } from '../../domain/staff';
import { hashPassword } from '../auth/passwords';
import { sessions, staff, staffInvites } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { type CallHandler, handle, handlePublic } from '../http/handler';
import { queueEmail } from '../mail/outbox';
import { noteForUndo } from '../undo/note';
import { isCommonPassword } from './passwords';
import { keepAnAdmin, staffRow, staffRows } from './rows';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where the set-password page is, for the invitation e-mail: on the configured public URL, never a request's. */
function setPasswordUrl(origin: string, token: string): string {
  return `${origin}/set-password#token=${token}`;
}

export const listStaff = handle(api.staffAccounts.list, async ({ db }) => ({ staff: await staffRows(db) }), {
  transaction: false,
});

/**
 * Invites a staff member: the account (active, with an unusable random password until they set theirs), and a
 * single-use set-password link valid `invitationHours`, e-mailed through the outbox. Inviting an invited person again
 * replaces their link. 409 when the e-mail has a signed-in account already.
 */
export const inviteStaff = handle(api.staffAccounts.invite, async ({ db, body, staff: inviter, config }) => {
  const [existing] = await db.select().from(staff).where(eq(staff.email, body.email));
  let staffId: number;
  if (existing) {
    const row = await staffRow(db, existing.id);
    if (row.status !== 'INVITED') throw fail('staff_email_taken', { field: 'email' });
    await db
      .update(staff)
      .set({ firstName: body.first_name, lastName: body.last_name, role: body.role })
      .where(eq(staff.id, existing.id));
    await db.delete(staffInvites).where(and(eq(staffInvites.staffId, existing.id), isNull(staffInvites.usedAt)));
    staffId = existing.id;
  } else {
    const [created] = await db
      .insert(staff)
      .values({
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        role: body.role,
        passwordHash: await hashPassword(randomBytes(32).toString('hex')),
      })
      .returning({ id: staff.id });
    if (!created) throw new Error('staff not inserted');
    staffId = created.id;
  }
  const token = randomBytes(32).toString('base64url');
  const [invite] = await db
    .insert(staffInvites)
    .values({
      staffId,
      tokenHash: tokenHash(token),
      invitedBy: inviter.id,
      expiresAt: sql`now() + make_interval(hours => ${invitationHours})`,
    })
    .returning({ expiresAt: staffInvites.expiresAt });
  if (!invite) throw new Error('invitation not inserted');
  await queueEmail(db, {
    template: 'STAFF_INVITATION',
    recipient: body.email,
    customerId: null,
    payload: {
      first_name: body.first_name,
      subject: 'You are invited to Loupe',
      note: `${inviter.firstName} ${inviter.lastName} invited you to Loupe as ${body.role}. Choose your password within ${invitationHours} hours (the link works once): ${setPasswordUrl(config.publicUrl, token)}`,
    },
  });
  return { staff: await staffRow(db, staffId), invitation_expires_at: isoTimestamp(invite.expiresAt) };
});

export const setStaffRole = handle(api.staffAccounts.setRole, async ({ db, params, body, request }) => {
  const current = await staffRow(db, params.staff_id);
  noteForUndo(request, { undo: { role: current.role } });
  if (current.role === 'ADMIN' && body.role !== 'ADMIN' && current.status !== 'DEACTIVATED') {
    await keepAnAdmin(db, current.id);
  }
  await db.update(staff).set({ role: body.role }).where(eq(staff.id, current.id));
  return staffRow(db, current.id);
});

export const deactivateStaff = handle(api.staffAccounts.deactivate, async ({ db, params }) => {
  const current = await staffRow(db, params.staff_id);
  if (current.status === 'DEACTIVATED') throw fail('staff_already_deactivated');
  if (current.role === 'ADMIN') await keepAnAdmin(db, current.id);
  await db.update(staff).set({ active: false, deactivatedAt: sql`now()` }).where(eq(staff.id, current.id));
  return staffRow(db, current.id);
});

export const activateStaff = handle(api.staffAccounts.activate, async ({ db, params }) => {
  const current = await staffRow(db, params.staff_id);
  if (current.status !== 'DEACTIVATED') throw fail('staff_already_active');
  await db.update(staff).set({ active: true, deactivatedAt: null }).where(eq(staff.id, current.id));
  return staffRow(db, current.id);
});

export const endStaffSessions = handle(api.staffAccounts.endSessions, async ({ db, params }) => {
  const current = await staffRow(db, params.staff_id);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'ended_by_admin' })
    .where(and(eq(sessions.staffId, current.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return { staff_id: current.id, sessions_ended: ended.length };
});

/**
 * The set-password link: the token's unused, unexpired invitation (locked, so a double submit sets it once), the
 * password's length (schema) and the common-password list; then the password, the link used, and every other open
 * link of that person void.
 */
export const setStaffPassword = handlePublic(api.staffAccounts.setPassword, async ({ db, body, identify }) => {
  const [invite] = await db
    .select()
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.tokenHash, tokenHash(body.token)),
        isNull(staffInvites.usedAt),
        gt(staffInvites.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  if (!invite) throw fail('invitation_invalid');
  if (isCommonPassword(body.password)) throw fail('password_common', { field: 'password' });
  const [member] = await db
    .update(staff)
    .set({ passwordHash: await hashPassword(body.password) })
    .where(eq(staff.id, invite.staffId))
    .returning();
  if (!member) throw fail('invitation_invalid');
  identify({
    id: member.id,
    role: member.role as never,
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
  });
  await db
    .update(staffInvites)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffInvites.staffId, member.id), isNull(staffInvites.usedAt)));
  return { email: member.email };
});

/** The staff area's handlers, one per call. */
export const staffHandlers: readonly CallHandler[] = [
  listStaff,
  inviteStaff,
  setStaffRole,
  deactivateStaff,
  activateStaff,
  endStaffSessions,
  setStaffPassword,
];
