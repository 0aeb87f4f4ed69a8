import { beforeAll, expect, it } from 'vitest';
import { partnerTypes } from '../../domain/partner-vocabulary';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertActivity, insertPartner } from './support/partners';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('partners: list, create, edit, delete, availability, profile page', (backend) => {
  const t = useTestApi(backend);
  let manager: Client;
  beforeAll(async () => {
    manager = await t.api.signIn('PARTNERS_MANAGER');
  });

  const newPartner = (overrides: Record<string, unknown> = {}) => ({
    name: 'Lens Masters',
    type: 'AFFILIATE',
    email: 'hello@lensmasters.example',
    ref: 'lensmasters',
    credit_per_subscriber: 12.5,
    form_of_payment: 'CASH',
    ...overrides,
  });

  it('lists partners with `{}` and answers the 12 types and the owners from the staff table', async () => {
    await insertPartner(t.api.db);
    const list = await manager.post(t.api.partners.filter, {}, {});
    expect(list.status).toBe(200);
    expect(list.json.partners.length).toBeGreaterThan(0);
    expect(list.json.headers.map((header) => header.key)).toContain('cac');
    expect(list.json.meta.total_number_of_partners).toBe(list.json.partners.length);
    const ownerFilter = list.json.headers.find((header) => header.key === 'owner_tp_user_id');
    expect(ownerFilter?.option_labels?.[String(t.api.staff.PARTNERS_MANAGER.id)]).toMatch(/Tester$/);
    expect(ownerFilter?.options).not.toContain(String(t.api.staff.SUPPORT_PL1.id));
    const types = await manager.get(t.api.partners.types);
    expect(types.json.data.map((entry) => entry.value)).toEqual([...partnerTypes]);
    const owners = await manager.get(t.api.partners.owners);
    const ownerIds = owners.json.data.map((owner) => owner.id);
    expect(ownerIds).toContain(t.api.staff.PARTNERS_MANAGER.id);
    expect(ownerIds).toContain(t.api.staff.MARKETER_PLUS.id);
    expect(ownerIds).not.toContain(t.api.staff.SUPPORT_PL1.id);
  });

  it('creates a partner (money as money), refuses a taken e-mail or ref naming the field, checks both before', async () => {
    const created = await manager.post(
      t.api.partners.create,
      {},
      newPartner({ owner_tp_user_id: t.api.staff.PARTNERS_MANAGER.id }),
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.credit_per_subscriber).toEqual({ amount: 1250, multiplier: 100, symbol: '$' });
    expect(created.json.owner_tp_user_name).toMatch(/Tester$/);
    expect(created.json.num_of_activities).toBe(0);
    expect(created.json.total_subscribers).toBe(0);
    expect(created.json.cac).toBeNull();

    const email = await manager.get(t.api.partners.isEmailAvailable, {}, { email: 'HELLO@lensmasters.example' });
    expect(email.json.data.is_partner_email_available).toBe(false);
    const own = await manager.get(
      t.api.partners.isEmailAvailable,
      {},
      { email: 'hello@lensmasters.example', partner_id: created.json.id },
    );
    expect(own.json.data.is_partner_email_available).toBe(true);
    const ref = await manager.get(t.api.partners.isRefAvailable, {}, { ref: 'LensMasters' });
    expect(ref.json.data.is_partner_ref_available).toBe(false);
    const freeRef = await manager.get(t.api.partners.isRefAvailable, {}, { ref: 'someone-else' });
    expect(freeRef.json.data.is_partner_ref_available).toBe(true);

    const takenEmail = await manager.post(t.api.partners.create, {}, newPartner({ ref: 'other-ref' }));
    expect(takenEmail.status).toBe(409);
    expect(takenEmail.error.field).toBe('email');
    const takenRef = await manager.post(
      t.api.partners.create,
      {},
      newPartner({ email: 'other@lensmasters.example', ref: 'LENSMASTERS' }),
    );
    expect(takenRef.status).toBe(409);
    expect(takenRef.error.field).toBe('ref');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newPartner({ email: 'not-an-email', ref: 'r1x' }), 'email'],
      [newPartner({ email: 'a1@x.example', ref: 'bad ref!' }), 'ref'],
      [newPartner({ email: 'a2@x.example', ref: 'r2x', credit_per_subscriber: -1 }), 'credit_per_subscriber'],
      [newPartner({ email: 'a3@x.example', ref: 'r3x', type: 'FRIEND' }), 'type'],
      [newPartner({ email: 'a4@x.example', ref: 'r4x', form_of_payment: 'GOLD' }), 'form_of_payment'],
      [
        newPartner({ email: 'a5@x.example', ref: 'r5x', owner_tp_user_id: t.api.staff.SUPPORT_PL1.id }),
        'owner_tp_user_id',
      ],
      [newPartner({ email: 'a6@x.example', ref: 'r6x', user_id: 999999 }), 'user_id'],
    ];
    for (const [body, field] of cases) {
      const result = await manager.post(t.api.partners.create, {}, body);
      expect(result.status, field).toBe(400);
      expect(`${result.error.field} ${result.error.detail}`, field).toContain(field);
    }
  });

  it('edits against the version read: a stale version is a 409 and changes nothing', async () => {
    const partner = await insertPartner(t.api.db, { name: 'Before' });
    const list = await manager.get(t.api.partners.search, { query: partner.ref });
    const row = list.json.partners[0];
    if (!row) throw new Error('partner not found by ref');
    const saved = await manager.put(
      t.api.partners.update,
      { partner_id: partner.id },
      { name: 'After', updated_at: row.updated_at },
    );
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.name).toBe('After');
    expect(saved.json.updated_at).not.toBe(row.updated_at);
    const stale = await manager.put(
      t.api.partners.update,
      { partner_id: partner.id },
      { name: 'Lost', updated_at: row.updated_at },
    );
    expect(stale.status).toBe(409);
    expect(stale.error.code).toBe('stale_version');
    const again = await manager.get(t.api.partners.search, { query: partner.ref });
    expect(again.json.partners[0]?.name).toBe('After');
    const unknown = await manager.put(t.api.partners.update, { partner_id: 999999 }, { updated_at: row.updated_at });
    expect(unknown.status).toBe(404);
  });

  it('refuses to delete a partner with activities (409 saying what to do), deletes one without', async () => {
    const partner = await insertPartner(t.api.db, { name: 'Busy Partner' });
    const activity = await insertActivity(t.api.db, partner.id);
    const refused = await manager.delete(t.api.partners.remove, { partner_id: partner.id });
    expect(refused.status).toBe(409);
    expect(refused.error.detail).toMatch(/Busy Partner still has 1 activity: delete them/);
    const removed = await manager.delete(t.api.partnerActivities.remove, { activity_id: activity.id });
    expect(removed.status).toBe(200);
    const deleted = await manager.delete(t.api.partners.remove, { partner_id: partner.id });
    expect(deleted.json).toEqual({ id: partner.id, deleted: true });
    expect((await manager.delete(t.api.partners.remove, { partner_id: partner.id })).status).toBe(404);
  });

  it('computes activities, subscribers and CAC from the customers the partner brought', async () => {
    const partner = await insertPartner(t.api.db, { ref: 'cacpartner' });
    await insertActivity(t.api.db, partner.id, {
      utmSource: 'instagram',
      utmCampaign: 'cac_known',
      utmContent: 'reel_01',
      cost: 30000,
    });
    await insertActivity(t.api.db, partner.id, { utmSource: 'youtube', utmCampaign: 'cac_known', cost: 10000 });
    // Attributed: two paying and one trial through the reel, one paying through YouTube, one paying by referral.
    const reel = { utmSource: 'instagram', utmCampaign: 'cac_known', utmContent: 'reel_01' };
    await insertCustomer(t.api.db, { ...reel, subscriptionType: 'METERED' });
    await insertCustomer(t.api.db, { ...reel, subscriptionType: 'CORPORATE_CONTRACT' });
    await insertCustomer(t.api.db, { ...reel, subscriptionType: 'TRIAL_METERED' });
    await insertCustomer(t.api.db, { utmSource: 'youtube', utmCampaign: 'cac_known', subscriptionType: 'METERED' });
    await insertCustomer(t.api.db, { referredBy: 'partner:cacpartner', subscriptionType: 'METERED_WITH_BASE' });
    // Not attributed: other content, other campaign.
    await insertCustomer(t.api.db, { ...reel, utmContent: 'reel_02' });
    await insertCustomer(t.api.db, { utmSource: 'instagram', utmCampaign: 'other' });
    const found = await manager.post(
      t.api.partners.filter,
      {},
      { filters: [{ kind: 'text', column: 'ref', op: 'equal', value: 'cacpartner' }] },
    );
    const row = found.json.partners[0];
    expect(row?.num_of_activities).toBe(2);
    expect(row?.total_subscribers).toBe(4);
    expect(row?.cac).toEqual({ amount: 10000, multiplier: 100, symbol: '$' });
  });

  it('filters by type and owner, sorts and pages by cursor', async () => {
    const owner = t.api.staff.MARKETER_PLUS.id;
    for (let n = 0; n < 3; n++) await insertPartner(t.api.db, { type: 'SPOTLIGHT', ownerStaffId: owner });
    const body = {
      filters: [
        { kind: 'multi', column: 'type', op: 'equal', value: ['SPOTLIGHT'] },
        { kind: 'multi', column: 'owner_tp_user_id', op: 'equal', value: [String(owner)] },
      ],
      sort: { column: 'name', direction: 'asc' },
      page_size: 2,
    } as const;
    const first = await manager.post(t.api.partners.filter, {}, body);
    expect(first.json.partners).toHaveLength(2);
    expect(first.json.meta.total_number_of_partners).toBe(3);
    const second = await manager.post(t.api.partners.filter, {}, { ...body, cursor: first.json.meta.next_cursor });
    expect(second.json.partners).toHaveLength(1);
    expect(second.json.partners[0]?.owner_tp_user_id).toBe(owner);
    const bad = await manager.post(
      t.api.partners.filter,
      {},
      { filters: [{ kind: 'multi', column: 'type', op: 'equal', value: ['FRIEND'] }] },
    );
    expect(bad.status).toBe(400);
  });

  it('publishes a real public profile page with the partner’s talent profiles', async () => {
    const customer = await insertCustomer(t.api.db);
    const partner = await insertPartner(t.api.db, { name: 'Ana Ruiz <Photo>', type: 'TALENT', userId: customer.id });
    const made = await manager.post(
      t.api.partners.createProfilePage,
      {},
      { partner_id: partner.id, headline: 'Warm film looks' },
    );
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.slug).toBe('ana-ruiz-photo');
    const page = await t.api.inject({ method: 'GET', url: `/partner/${made.json.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Ana Ruiz &#60;Photo&#62;');
    expect(page.body).toContain('Warm film looks');
    const other = await insertPartner(t.api.db);
    const taken = await manager.post(
      t.api.partners.createProfilePage,
      {},
      { partner_id: other.id, slug: made.json.slug },
    );
    expect(taken.status).toBe(409);
    expect((await t.api.inject({ method: 'GET', url: '/partner/nobody-here' })).statusCode).toBe(404);
  });
});
