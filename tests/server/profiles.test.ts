import { beforeAll, expect, it } from 'vitest';
import type { ProfileRow } from '../../domain/profiles';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertModels, insertProfile, insertProject, shareProfile } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

const actions = (row: ProfileRow | undefined) =>
  (row?.quick_actions ?? []).map((action) =>
    action.is_disabled ? `${action.name} (${action.disable_message})` : action.name,
  );

describeEachBackend('profiles: the customer’s profiles and a profile’s finetune history', (backend) => {
  const t = useTestApi(backend);
  let master: Client;
  let partners: Client;
  let marketer: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
    partners = await t.api.signIn('PARTNERS_MANAGER');
    marketer = await t.api.signIn('MARKETER_PLUS');
  });

  /** A customer with a ready, a draft and a deleted profile, and one shared with them by someone else. */
  async function customerWithProfiles() {
    const customer = await insertCustomer(t.api.db, { profilesUsed: 2, profilesMax: 3 });
    const owner = await insertCustomer(t.api.db);
    const ready = await insertProfile(t.api.db, customer.id, {
      name: 'Golden Hour',
      createdAt: '2026-01-01T00:00:00Z',
    });
    const [, current] = await insertModels(t.api.db, ready, ['DEPRECATED', 'READY'], 1);
    const draft = await insertProfile(t.api.db, customer.id, {
      name: 'Moody Film',
      state: 'DRAFT',
      createdAt: '2026-02-01T00:00:00Z',
    });
    await insertModels(t.api.db, draft, ['FAIL']);
    const deleted = await insertProfile(t.api.db, customer.id, {
      name: 'Old Look',
      state: 'DELETED',
      deletedAt: '2026-03-01T00:00:00Z',
      createdAt: '2026-01-15T00:00:00Z',
    });
    const theirs = await insertProfile(t.api.db, owner.id, { name: 'Studio Neutral', color: 'BnW' });
    await shareProfile(t.api.db, theirs.id, customer.email, customer.id);
    await shareProfile(t.api.db, ready.id, 'assistant@studio.example');
    // Photos: two projects with the ready profile (one before its current model), and additional photos.
    await insertProject(t.api.db, customer.id, {
      profileId: ready.id,
      imagesSent: 300,
      createdAt: '2025-12-01T00:00:00Z',
    });
    await insertProject(t.api.db, customer.id, {
      profileId: ready.id,
      imagesSent: 450,
      createdAt: '2026-03-01T00:00:00Z',
    });
    await insertProject(t.api.db, customer.id, {
      profileId: ready.id,
      kind: 'ADDITIONAL',
      projectType: null,
      imagesSent: 120,
      createdAt: '2026-03-02T00:00:00Z',
    });
    return { customer, owner, ready, current, draft, deleted, theirs };
  }

  it('lists own profiles, then the ones shared with the customer, with counts derived from projects and models', async () => {
    const { customer, owner, ready, current } = await customerWithProfiles();
    const result = await master.get(t.api.profiles.list, { user_id: customer.id });
    expect(result.status).toBe(200);
    const { profiles, meta, headers } = result.json;
    expect(meta).toEqual({ enable_column_selection: true, max_personal_profiles: 3 });
    expect(headers.map((header) => header.key)).toContain('missing_for_finetune');
    expect(profiles.map((row) => [row.profile_name, row.status])).toEqual([
      ['Golden Hour', 'READY'],
      ['Old Look', 'DELETED'],
      ['Moody Film', 'DRAFT'],
      ['Studio Neutral', 'READY'],
    ]);
    const golden = profiles[0];
    expect(golden).toMatchObject({
      id: ready.id,
      sharing: { type: 'SHARED_WITH_OTHERS', owner_id: customer.id },
      projects_sent_with_profile: 2,
      photos_sent_for_profile: 750,
      additional_photos: 120,
      total_photos: 870,
      // 450 photos edited since the current model (2026-01-02): 550 short of the 1,000 a finetune needs.
      missing_for_finetune: 550,
      ready_for_finetune: false,
      date_last_trained: current?.createdAt.replace(' ', 'T').replace(/\+00$/, 'Z'),
      disable_color: false,
    });
    expect(profiles[3]?.sharing).toEqual({ type: 'SHARED_WITH_ME', owner_id: owner.id });
    expect(profiles[3]?.color.value).toBe('BnW');
  });

  it('offers each state’s actions of §4 and disables the ones the caller may not run, with the reason', async () => {
    const { customer } = await customerWithProfiles();
    const byName = (rows: ProfileRow[], name: string) => rows.find((row) => row.profile_name === name);
    const asMaster = (await master.get(t.api.profiles.list, { user_id: customer.id })).json.profiles;
    expect(actions(byName(asMaster, 'Golden Hour'))).toEqual(['SHARE_PROFILE', 'DELETE_PROFILE']);
    expect(actions(byName(asMaster, 'Moody Film'))).toEqual([
      'SEND_FOR_MANUAL_TRAINING',
      'DELETE_PROFILE',
      'SHARE_PROFILE',
      'REVERT_TO_LAST_MODEL (This profile has no earlier model to revert to)',
    ]);
    expect(actions(byName(asMaster, 'Old Look'))).toEqual(['RECOVER_PROFILE']);
    expect(actions(byName(asMaster, 'Studio Neutral'))).toEqual(['GO_TO_OWNER']);
    expect(byName(asMaster, 'Golden Hour')?.format).toMatchObject({ value: 'RAW', is_disabled: false });
    expect(byName(asMaster, 'Studio Neutral')?.format.disable_message).toBe('Only the owner’s profile can change');

    // A partners manager may share (silently) but not edit profiles; a marketer may do neither.
    const asPartners = (await partners.get(t.api.profiles.list, { user_id: customer.id })).json.profiles;
    expect(actions(byName(asPartners, 'Golden Hour'))).toEqual([
      'SHARE_PROFILE',
      'DELETE_PROFILE (Only admins and support agents may edit profiles)',
    ]);
    const asMarketer = (await marketer.get(t.api.profiles.list, { user_id: customer.id })).json.profiles;
    expect(actions(byName(asMarketer, 'Golden Hour'))).toEqual([
      'SHARE_PROFILE (Only admins, support agents and partner managers may share profiles)',
      'DELETE_PROFILE (Only admins and support agents may edit profiles)',
    ]);
    expect(byName(asMarketer, 'Golden Hour')?.color).toMatchObject({
      is_disabled: true,
      disable_message: 'Only admins and support agents may edit profiles',
    });
    expect(actions(byName(asMarketer, 'Studio Neutral'))).toEqual(['GO_TO_OWNER']);
  });

  it('reads a deleted original as ORIGINAL_PROFILE_DELETED for the customers it was shared with, and stops sharing past three', async () => {
    const owner = await insertCustomer(t.api.db);
    const recipient = await insertCustomer(t.api.db);
    const gone = await insertProfile(t.api.db, owner.id, { state: 'DELETED', deletedAt: '2026-04-01T00:00:00Z' });
    await shareProfile(t.api.db, gone.id, recipient.email, recipient.id);
    const [row] = (await master.get(t.api.profiles.list, { user_id: recipient.id })).json.profiles;
    expect(row).toMatchObject({ status: 'ORIGINAL_PROFILE_DELETED', disable_color: true });
    expect(actions(row)).toEqual(['GO_TO_OWNER']);

    const popular = await insertProfile(t.api.db, owner.id, { name: 'Popular' });
    for (const n of [1, 2, 3]) await shareProfile(t.api.db, popular.id, `friend${n}@studio.example`);
    const rows = (await master.get(t.api.profiles.list, { user_id: owner.id })).json.profiles;
    expect(actions(rows.find((each) => each.id === popular.id))).toEqual([
      'SHARE_PROFILE (Already shared with 3 people, the most a profile can be shared with)',
      'DELETE_PROFILE',
    ]);
  });

  it('answers the dropdown options (live profiles only) and 404 for an unknown customer', async () => {
    const { customer, ready, draft, theirs } = await customerWithProfiles();
    const options = await master.get(t.api.profiles.dropdownOptions, { user_id: customer.id });
    expect(options.json).toEqual([
      { id: ready.id, profile_name: 'Golden Hour' },
      { id: draft.id, profile_name: 'Moody Film' },
      { id: theirs.id, profile_name: 'Studio Neutral' },
    ]);
    const missing = await master.get(t.api.profiles.list, { user_id: 987_654_321 });
    expect(missing.status).toBe(404);
    expect(missing.error.detail).toBe('No customer with this id');
  });

  it('lists the finetune history newest first under both paths, REVERT on the earlier finished models', async () => {
    const customer = await insertCustomer(t.api.db);
    const profile = await insertProfile(t.api.db, customer.id);
    const made = await insertModels(t.api.db, profile, ['DEPRECATED', 'FAIL', 'READY', 'PENDING'], 2);
    const underscore = await master.get(t.api.profiles.finetuneHistory, { profile_id: profile.id });
    const hyphen = await master.get(t.api.profiles.finetuneHistoryHyphenated, { profile_id: profile.id });
    expect(underscore.status).toBe(200);
    expect(hyphen.json).toEqual(underscore.json);
    expect(underscore.json.meta).toEqual({ max_models: 20, total_number_of_models: 4 });
    expect(underscore.json.rows.map((row) => [row.model_id, row.state, row.is_current, row.action])).toEqual([
      [made[3]?.id, 'PENDING', false, null],
      [made[2]?.id, 'READY', true, null],
      [made[1]?.id, 'FAIL', false, null],
      [made[0]?.id, 'DEPRECATED', false, 'REVERT'],
    ]);
    expect(underscore.json.rows[3]).toMatchObject({ photos_in_model: 500, creation_date: '2026-01-01T10:00:00Z' });

    const unknown = await master.get(t.api.profiles.finetuneHistory, { profile_id: 987_654_321 });
    expect(unknown.status).toBe(404);
    expect(unknown.error.detail).toBe('No profile with this id');
  });
});
