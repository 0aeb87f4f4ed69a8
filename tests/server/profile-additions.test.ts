import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { api } from '../../domain/api';
import { customers, profiles, projects } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertModels, insertProfile } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend(
  'profile additions: talent profile, profile by id, dropdown edits, send for teaching',
  (backend) => {
    const t = useTestApi(backend);
    let master: Client;
    beforeAll(async () => {
      master = await t.api.signIn('SUPPORT_MASTER');
    });
    const usedOf = async (id: number) =>
      (await t.api.db.select({ n: customers.profilesUsed }).from(customers).where(eq(customers.id, id)))[0]?.n;

    it('adds talent profiles up to max_personal_profiles; one past it is a 409 naming the limit, adding nothing', async () => {
      const customer = await insertCustomer(t.api.db, { profilesUsed: 3, profilesMax: 4 });
      const added = await master.post(
        api.profiles.addTalentProfile,
        { user_id: customer.id },
        { profile_name: 'Moody film (talent)', format: 'JPG' },
      );
      expect(added.status).toBe(200);
      expect(added.json.profile).toMatchObject({
        profile_name: 'Moody film (talent)',
        profile_type: 'TALENT',
        status: 'DRAFT',
        profile_built_with: 'TALENT_STYLE',
        format: { value: 'JPG' },
      });
      expect(await usedOf(customer.id)).toBe(4);
      const fifth = await master.post(
        api.profiles.addTalentProfile,
        { user_id: customer.id },
        { profile_name: 'One more' },
      );
      expect(fifth.status).toBe(409);
      expect(fifth.error.code).toBe('profile_limit');
      expect(fifth.error.detail).toContain('4 of 4 profiles (max_personal_profiles)');
      expect(await usedOf(customer.id)).toBe(4);
      const theirs = await t.api.db.select().from(profiles).where(eq(profiles.customerId, customer.id));
      expect(theirs).toHaveLength(1);
    });

    it('adds a copy of a profile by its id, with the model it edits with (READY at once)', async () => {
      const owner = await insertCustomer(t.api.db);
      const source = await insertProfile(t.api.db, owner.id, { name: 'Warm weddings', format: 'JPG', color: 'BnW' });
      const [, current] = await insertModels(t.api.db, source, ['DEPRECATED', 'READY'], 1);
      await t.api.db.update(profiles).set({ currentModelId: current?.id }).where(eq(profiles.id, source.id));
      const customer = await insertCustomer(t.api.db, { profilesUsed: 0, profilesMax: 3 });
      const added = await master.post(api.profiles.addProfileId, { user_id: customer.id }, { profile_id: source.id });
      expect(added.status).toBe(200);
      expect(added.json.profile).toMatchObject({
        profile_name: 'Warm weddings',
        status: 'READY',
        color: { value: 'BnW' },
      });
      expect(added.json.profile.id).not.toBe(source.id);
      const unknown = await master.post(api.profiles.addProfileId, { user_id: customer.id }, { profile_id: 987654321 });
      expect(unknown.error).toMatchObject({ code: 'profile_not_found', field: 'profile_id' });
      const own = await master.post(api.profiles.addProfileId, { user_id: owner.id }, { profile_id: source.id });
      expect(own.status).toBe(409);
    });

    it('changes format and colour on the version read; a stale version is a 409 and changes nothing', async () => {
      const customer = await insertCustomer(t.api.db);
      const profile = await insertProfile(t.api.db, customer.id);
      const list = await master.get(api.profiles.list, { user_id: customer.id });
      const row = list.json.profiles.find((each) => each.id === profile.id);
      const version = row?.last_updated_row ?? '';
      const changed = await master.put(
        api.profiles.editProfile,
        { profile_id: profile.id },
        { color: 'BnW', last_updated_row: version },
      );
      expect(changed.status).toBe(200);
      expect(changed.json.profile.color.value).toBe('BnW');
      expect(changed.json.profile.last_updated_row).not.toBe(version);
      const stale = await master.put(
        api.profiles.editProfile,
        { profile_id: profile.id },
        { format: 'JPG', last_updated_row: version },
      );
      expect(stale.status).toBe(409);
      expect(stale.error.code).toBe('stale_version');
      const [stored] = await t.api.db.select().from(profiles).where(eq(profiles.id, profile.id));
      expect(stored).toMatchObject({ format: 'RAW', color: 'BnW' });
      const nothing = await master.put(
        api.profiles.editProfile,
        { profile_id: profile.id },
        { last_updated_row: version },
      );
      expect(nothing.status).toBe(400);
    });

    it('sends a profile for teaching: a TEACHING project waits in the queue; a second one meanwhile is a 409', async () => {
      const customer = await insertCustomer(t.api.db);
      const profile = await insertProfile(t.api.db, customer.id, { name: 'Golden Hour' });
      const sent = await master.post(api.profiles.sendForTeaching, { profile_id: profile.id });
      expect(sent.status).toBe(200);
      const teaching = await t.api.db
        .select()
        .from(projects)
        .where(and(eq(projects.profileId, profile.id), eq(projects.kind, 'TEACHING')));
      expect(teaching).toMatchObject([{ status: 'UPLOADED', name: 'Teaching: Golden Hour', teach: true }]);
      const again = await master.post(api.profiles.sendForTeaching, { profile_id: profile.id });
      expect(again.error.code).toBe('teaching_in_queue');
      expect((await master.post(api.profiles.sendForTeaching, { profile_id: 987654321 })).status).toBe(404);
    });
  },
);
