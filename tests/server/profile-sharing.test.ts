import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { activityEvents, auditLog, outbox, profileShares } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertProfile, shareProfile } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('profile sharing: who it is shared with, share silently or announced, stop sharing', (backend) => {
  const t = useTestApi(backend);
  let support: Client;
  let partners: Client;
  beforeAll(async () => {
    support = await t.api.signIn('SUPPORT_PL1');
    partners = await t.api.signIn('PARTNERS_MANAGER');
  });

  const sharesOf = (profileId: number) =>
    t.api.db.select().from(profileShares).where(eq(profileShares.profileId, profileId));
  const mailTo = (recipient: string) => t.api.db.select().from(outbox).where(eq(outbox.recipient, recipient));

  it('shares with a registered customer by e-mail (any case): it shows in their list as shared with them', async () => {
    const owner = await insertCustomer(t.api.db, { firstName: 'Ana', lastName: 'Lee' });
    const friend = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, owner.id, { name: 'Golden Hour' });
    const shared = await support.post(
      t.api.profiles.share,
      { profile_id: profile.id },
      { email: friend.email.toUpperCase(), silent: false },
    );
    expect(shared.status).toBe(200);
    expect(shared.json).toEqual({
      users: [
        expect.objectContaining({ email: friend.email, is_registered: true, user_id: friend.id, is_silent: false }),
      ],
      meta: { max_shared_users: 3 },
    });
    const [mail] = await mailTo(friend.email);
    expect(mail).toMatchObject({ template: 'PROFILE_SHARED', customerId: friend.id });
    expect(mail?.subject).toBe('Ana Lee shared an editing profile with you');
    const theirs = await support.get(t.api.profiles.list, { user_id: friend.id });
    expect(theirs.json.profiles.map((row) => [row.profile_name, row.sharing])).toEqual([
      ['Golden Hour', { type: 'SHARED_WITH_ME', owner_id: owner.id }],
    ]);
    const listed = await partners.get(t.api.profiles.sharingUsers, { profile_id: profile.id });
    expect(listed.json).toEqual(shared.json);
  });

  it('lets a partners manager share silently only: an announced share is refused and stores nothing', async () => {
    const owner = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, owner.id);
    const loud = await partners.post(
      t.api.profiles.share,
      { profile_id: profile.id },
      { email: 'assistant@studio.example', silent: false },
    );
    expect(loud.status).toBe(403);
    expect(loud.error).toMatchObject({ field: 'silent', code: 'loud_share_forbidden' });
    expect(await sharesOf(profile.id)).toEqual([]);
    const silent = await partners.post(
      t.api.profiles.share,
      { profile_id: profile.id },
      { email: 'assistant@studio.example', silent: true },
    );
    expect(silent.status).toBe(200);
    expect(silent.json.users).toEqual([
      expect.objectContaining({
        email: 'assistant@studio.example',
        is_registered: false,
        user_id: null,
        is_silent: true,
      }),
    ]);
    expect(await mailTo('assistant@studio.example')).toEqual([]);
  });

  it('refuses a fourth share, the same address twice, the owner’s own address and an invalid address', async () => {
    const owner = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, owner.id);
    const share = (email: string) =>
      support.post(t.api.profiles.share, { profile_id: profile.id }, { email, silent: true });
    expect((await share('one@studio.example')).status).toBe(200);
    const twice = await share('ONE@studio.example');
    expect(twice.status).toBe(409);
    expect(twice.error.detail).toBe('This profile is shared with this address already');
    expect((await share(owner.email)).status).toBe(409);
    const invalid = await share('not an address');
    expect(invalid.status).toBe(400);
    expect(invalid.error.field).toBe('email');
    await shareProfile(t.api.db, profile.id, 'two@studio.example');
    await shareProfile(t.api.db, profile.id, 'three@studio.example');
    const fourth = await share('four@studio.example');
    expect(fourth.status).toBe(409);
    expect(fourth.error.detail).toBe('This profile is shared with 3 people already, the most it can be');
    expect(await sharesOf(profile.id)).toHaveLength(3);
  });

  it('stops sharing with an address, and answers 404 for one it is not shared with', async () => {
    const owner = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, owner.id);
    await shareProfile(t.api.db, profile.id, 'one@studio.example');
    const stopped = await partners.post(
      t.api.profiles.unshare,
      { profile_id: profile.id },
      { email: 'one@studio.example' },
    );
    expect(stopped.status).toBe(200);
    expect(stopped.json.users).toEqual([]);
    const again = await partners.post(
      t.api.profiles.unshare,
      { profile_id: profile.id },
      { email: 'one@studio.example' },
    );
    expect(again.status).toBe(404);
    expect(again.error.detail).toMatch(/not shared with/i);
    expect((await support.get(t.api.profiles.sharingUsers, { profile_id: 987_654_321 })).status).toBe(404);
    const missing = await partners.post(
      t.api.profiles.unshare,
      { profile_id: 987_654_321 },
      { email: 'one@x.example' },
    );
    expect(missing.status).toBe(404);
    const badId = await partners.post(
      t.api.profiles.unshare,
      { profile_id: 'abc' as never },
      { email: 'one@x.example' },
    );
    expect(badId.status).toBe(400);
    // Recorded once, on the owner's activity and in the audit log under the call.
    const events = await t.api.db.select().from(activityEvents).where(eq(activityEvents.customerId, owner.id));
    expect(events.map((event) => event.event)).toEqual(['Profile no longer shared']);
    expect(events[0]?.properties).toContainEqual({ label: 'With', value: 'one@studio.example' });
    const audits = await t.api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'profile'), eq(auditLog.targetId, String(profile.id))));
    expect(audits.filter((row) => row.callId === 'profiles.unshare').map((row) => row.status)).toEqual([200, 404]);
  });
});
