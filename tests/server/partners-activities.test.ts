import { beforeAll, expect, it } from 'vitest';
import type { ActivityRow } from '../../domain/partner-activities';
import { activityTypes } from '../../domain/partner-vocabulary';
import { activityRows } from '../../server/partners/activity-rows';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertActivity, insertMarketingActivity, insertPartner } from './support/partners';
import { type Client, useTestApi } from './support/test-api';

const trackingKeys = [
  'num_of_signups',
  'num_of_subscribers',
  'num_of_logins',
  'num_of_lightroom_users',
  'cac',
  'clicks',
];

describeEachBackend('partner and marketing activities: link builder, uniqueness, tracking numbers', (backend) => {
  const t = useTestApi(backend);
  let manager: Client;
  let marketer: Client;
  beforeAll(async () => {
    manager = await t.api.signIn('PARTNERS_MANAGER');
    marketer = await t.api.signIn('MARKETER_PLUS');
  });

  const activity = (partnerId: number, overrides: Record<string, unknown> = {}) => ({
    partner_id: partnerId,
    type: 'WEBINAR',
    cost: 120,
    base_url: 'https://loupe.example/webinar',
    utm_source: 'youtube',
    utm_medium: 'video',
    utm_campaign: 'tracked_webinar',
    ...overrides,
  });

  it('answers the 10 activity types, the usual UTM sources and mediums, and the campaigns', async () => {
    const types = await manager.get(t.api.partnerActivities.activityTypes);
    expect(types.json.data.map((entry) => entry.value)).toEqual([...activityTypes]);
    expect((await manager.get(t.api.partnerActivities.utmSources)).json.data).toContain('instagram');
    expect((await manager.get(t.api.partnerActivities.utmMediums)).json.data).toContain('email');
    const created = await manager.post(t.api.partnerActivities.createCampaign, {}, { name: 'Spring_Push' });
    expect(created.json.name).toBe('spring_push');
    const again = await manager.post(t.api.partnerActivities.createCampaign, {}, { name: 'spring_push' });
    expect(again.status).toBe(409);
    expect(again.error.field).toBe('name');
    expect(
      (await manager.get(t.api.partnerActivities.isUniqueCampaign, {}, { name: 'SPRING_PUSH' })).json.data,
    ).toEqual({
      is_unique_campaign: false,
    });
    const list = await manager.get(t.api.partnerActivities.campaigns);
    expect(list.json.data.map((entry) => entry.name)).toContain('spring_push');
    expect((await marketer.post(t.api.partnerActivities.createCampaign, {}, { name: 'nope' })).status).toBe(403);
  });

  it('counts signups, subscribers, logins, Lightroom users and CAC from the attributed customers', async () => {
    const partner = await insertPartner(t.api.db);
    const created = await manager.post(t.api.partnerActivities.create, {}, activity(partner.id, { cost: 150 }));
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const set = { utmSource: 'youtube', utmCampaign: 'tracked_webinar' };
    await insertCustomer(t.api.db, {
      ...set,
      subscriptionType: 'METERED',
      lastActivity: '2026-10-01T00:00:00Z',
      editingSoftware: 'Lightroom Classic 14',
    });
    await insertCustomer(t.api.db, {
      ...set,
      subscriptionType: 'METERED_WITH_BASE',
      editingSoftware: 'Capture One 16',
    });
    await insertCustomer(t.api.db, {
      ...set,
      subscriptionType: 'TRIAL_METERED',
      lastActivity: '2026-10-02T00:00:00Z',
      editingSoftware: 'Lightroom CC',
    });
    await insertCustomer(t.api.db, { ...set, subscriptionType: 'CANCELLED' });
    await insertCustomer(t.api.db, { ...set, utmContent: 'reel_01', subscriptionType: 'METERED' });
    const list = await manager.post(
      t.api.partnerActivities.filter,
      {},
      { filters: [{ kind: 'text', column: 'utm_campaign', op: 'equal', value: 'tracked_webinar' }] },
    );
    const row = list.json.activities[0];
    expect(row).toMatchObject({
      partner_id: partner.id,
      partner_name: partner.name,
      num_of_signups: 4,
      num_of_subscribers: 2,
      num_of_logins: 2,
      num_of_lightroom_users: 2,
      cac: { amount: 7500, multiplier: 100, symbol: '$' },
      cost: { amount: 15000, multiplier: 100, symbol: '$' },
    });
  });

  it('leaves the tracking numbers out, not only hidden, for a caller without view_tracking', async () => {
    const partner = await insertPartner(t.api.db);
    const record = await insertActivity(t.api.db, partner.id);
    const request = { protocol: 'http', host: 'loupe.test' } as Parameters<typeof activityRows>[2]['request'];
    const [withTracking] = await activityRows(t.api.db, [record], { can: () => true, request });
    const [without] = (await activityRows(t.api.db, [record], {
      can: (permission) => permission !== 'view_tracking',
      request,
    })) as ActivityRow[];
    for (const key of trackingKeys) {
      expect(withTracking, key).toHaveProperty(key);
      expect(without, key).not.toHaveProperty(key);
    }
  });

  it('refuses a UTM set another activity (partner or marketing) uses, checks it before, same rule both ways', async () => {
    const partner = await insertPartner(t.api.db);
    await insertMarketingActivity(t.api.db, { utmSource: 'newsletter', utmCampaign: 'shared_set', utmContent: null });
    const query = { utm_source: 'Newsletter', utm_campaign: 'shared_set' };
    expect((await manager.get(t.api.partnerActivities.isUniqueUtm, {}, query)).json.data.is_unique_utm).toBe(false);
    expect(
      (await manager.get(t.api.partnerActivities.isUniqueUtm, {}, { ...query, utm_content: 'other' })).json.data
        .is_unique_utm,
    ).toBe(true);
    const refused = await manager.post(
      t.api.partnerActivities.create,
      {},
      activity(partner.id, { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'shared_set' }),
    );
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('utm_set_taken');
    expect(refused.error.field).toBe('utm_campaign');
  });

  it('refuses bad input naming the field: not http(s), negative cost, bad UTM, unknown partner, stale version', async () => {
    const partner = await insertPartner(t.api.db);
    const cases: [Record<string, unknown>, string, number][] = [
      [activity(partner.id, { base_url: 'ftp://files.example/x', utm_campaign: 'bad1' }), 'base_url', 400],
      [activity(partner.id, { base_url: 'javascript:alert(1)', utm_campaign: 'bad2' }), 'base_url', 400],
      [activity(partner.id, { cost: -5, utm_campaign: 'bad3' }), 'cost', 400],
      [activity(partner.id, { utm_campaign: 'has space' }), 'utm_campaign', 400],
      [activity(partner.id, { slug: 'No', utm_campaign: 'bad4' }), 'slug', 400],
      [activity(partner.id, { type: 'MURAL', utm_campaign: 'bad5' }), 'type', 400],
      [activity(999999, { utm_campaign: 'bad6' }), 'partner_id', 404],
    ];
    for (const [body, field, status] of cases) {
      const result = await manager.post(t.api.partnerActivities.create, {}, body);
      expect(result.status, field).toBe(status);
      expect(`${result.error.field} ${result.error.detail}`, field).toContain(field);
    }
    const record = await insertActivity(t.api.db, partner.id);
    const stale = await manager.put(
      t.api.partnerActivities.update,
      { activity_id: record.id },
      { cost: 1, updated_at: '2020-01-01T00:00:00Z' },
    );
    expect(stale.status).toBe(409);
    expect(stale.error.code).toBe('stale_version');
  });

  it('creates, lists, edits and deletes a marketing activity with its owner from the staff list', async () => {
    const created = await manager.post(
      t.api.marketingActivities.create,
      {},
      {
        activity_name: 'Black Friday push',
        cost: 900,
        start_date: '2026-11-20',
        num_of_activity_days: 10,
        owner_tp_user_id: t.api.staff.MARKETER_PLUS.id,
        base_url: 'https://loupe.example/pricing',
        utm_source: 'facebook',
        utm_medium: 'social',
        utm_campaign: 'bf_2026',
        ref_id: true,
        app_type: 'VIDEO',
        slug: 'bf-2026',
      },
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.owner_tp_user_name).toMatch(/Tester$/);
    expect(created.json.short_link).toMatch(/\/l\/bf-2026$/);
    const edited = await manager.put(
      t.api.marketingActivities.update,
      { marketing_activity_id: created.json.id },
      { num_of_activity_days: 12, updated_at: created.json.updated_at },
    );
    expect(edited.json.num_of_activity_days).toBe(12);
    const badOwner = await manager.put(
      t.api.marketingActivities.update,
      { marketing_activity_id: created.json.id },
      { owner_tp_user_id: t.api.staff.SUPPORT_PL1.id, updated_at: edited.json.updated_at },
    );
    expect(badOwner.status).toBe(400);
    const list = await manager.post(t.api.marketingActivities.filter, {}, {});
    expect(list.json.marketing_activities.map((row) => row.id)).toContain(created.json.id);
    expect(
      (await marketer.delete(t.api.marketingActivities.remove, { marketing_activity_id: created.json.id })).status,
    ).toBe(403);
    expect(
      (await manager.delete(t.api.marketingActivities.remove, { marketing_activity_id: created.json.id })).status,
    ).toBe(200);
    expect((await t.api.inject({ method: 'GET', url: '/l/bf-2026' })).statusCode).toBe(404);
  });
});
