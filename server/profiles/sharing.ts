import { and, asc, count, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { maxSharedUsers } from '../../domain/profiles';
import type { Database } from '../db/client';
import { emailIdentity } from '../db/email-identity';
import { customers, profileShares, profiles } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { queueEmail } from '../mail/outbox';
import { recordStaffAction } from '../users/customer-records';

/** Who the profile is shared with, oldest share first. */
async function sharingUsers(db: Database, profileId: number) {
  const rows = await db
    .select()
    .from(profileShares)
    .where(eq(profileShares.profileId, profileId))
    .orderBy(asc(profileShares.createdAt), asc(profileShares.id));
  return {
    users: rows.map((share) => ({
      id: share.id,
      email: share.email,
      is_registered: share.recipientId !== null,
      user_id: share.recipientId,
      is_silent: share.isSilent,
    })),
    meta: { max_shared_users: maxSharedUsers },
  };
}

/** The profile, locked while its shares change (so a fourth share cannot slip in beside a third), or 404. */
async function lockProfile(db: Database, id: number) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, id)).for('update');
  if (!profile) throw fail('profile_not_found');
  return profile;
}

export const listSharingUsers = handle(api.profiles.sharingUsers, async ({ db, params }) => {
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, params.profile_id));
  if (!profile) throw fail('profile_not_found');
  return sharingUsers(db, profile.id);
});

export const shareProfile = handle(api.profiles.share, async ({ db, params, body, can, staff }) => {
  if (!body.silent && !can('share_profiles_loud')) throw fail('loud_share_forbidden', { field: 'silent' });
  if (body.silent && !can('share_profiles')) throw fail('forbidden');
  const profile = await lockProfile(db, params.profile_id);
  if (profile.state === 'DELETED') throw fail('profile_deleted');
  const [owner] = await db.select().from(customers).where(eq(customers.id, profile.customerId));
  const [recipient] = await db
    .select()
    .from(customers)
    .where(sql`${emailIdentity(customers.email)} = ${emailIdentity(sql`${body.email}`)}`)
    .limit(1);
  if (recipient?.id === profile.customerId) throw fail('share_with_owner', { field: 'email' });
  const [shares] = await db.select({ n: count() }).from(profileShares).where(eq(profileShares.profileId, profile.id));
  if ((shares?.n ?? 0) >= maxSharedUsers) throw fail('share_limit');
  const inserted = await db
    .insert(profileShares)
    .values({
      profileId: profile.id,
      email: body.email,
      recipientId: recipient?.id ?? null,
      isSilent: body.silent,
      staffId: staff.id,
    })
    .onConflictDoNothing()
    .returning({ id: profileShares.id });
  if (inserted.length === 0) throw fail('already_shared', { field: 'email' });
  if (!body.silent) {
    const from = owner ? `${owner.firstName} ${owner.lastName}`.trim() : 'A photographer';
    await queueEmail(db, {
      template: 'PROFILE_SHARED',
      recipient: body.email,
      customerId: recipient?.id ?? null,
      payload: {
        subject: `${from} shared an editing profile with you`,
        first_name: recipient?.firstName ?? '',
        note: `${from} shared the profile “${profile.name}” with you. It is in your profiles list the next time you open the app.`,
      },
    });
  }
  await recordStaffAction(
    db,
    profile.customerId,
    staff,
    `Profile shared ${body.silent ? 'silently' : 'with an e-mail'}`,
    [
      { label: 'Profile', value: `${profile.name} (#${profile.id})` },
      { label: 'With', value: body.email },
    ],
  );
  return sharingUsers(db, profile.id);
});

export const unshareProfile = handle(api.profiles.unshare, async ({ db, params, body, staff }) => {
  const profile = await lockProfile(db, params.profile_id);
  const removed = await db
    .delete(profileShares)
    .where(and(eq(profileShares.profileId, profile.id), eq(profileShares.email, body.email)))
    .returning({ id: profileShares.id });
  if (removed.length === 0) throw fail('share_not_found', { field: 'email' });
  await recordStaffAction(db, profile.customerId, staff, 'Profile no longer shared', [
    { label: 'Profile', value: `${profile.name} (#${profile.id})` },
    { label: 'With', value: body.email },
  ]);
  return sharingUsers(db, profile.id);
});
