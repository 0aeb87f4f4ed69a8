import { beforeAll, expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/generate';
import { describeOnOneBackend } from './support/backends';
import { type Client, useTestApi } from './support/test-api';

describeOnOneBackend('partners seed: demo customers attributed to demo activities', (backend) => {
  const t = useTestApi(backend);
  let manager: Client;
  beforeAll(async () => {
    await seedDatabase(t.api.db, { customers: 1200, detailCustomers: 200, staff: false, seed: 7, batchSize: 600 });
    manager = await t.api.signIn('PARTNERS_MANAGER');
  });

  it('seeds partners, activities whose UTM sets the customers carry, referrals, short links, campaigns and bundles', async () => {
    const partners = await manager.post(t.api.partners.filter, {}, { page_size: 500 });
    expect(partners.json.meta.total_number_of_partners).toBe(60);
    const bringing = partners.json.partners.filter((row) => (row.total_subscribers ?? 0) > 0);
    expect(bringing.length).toBeGreaterThan(10);
    const activities = await manager.post(t.api.partnerActivities.filter, {}, { page_size: 500 });
    const attributed = activities.json.activities.filter((row) => (row.num_of_signups ?? 0) > 0);
    expect(attributed.length).toBeGreaterThan(20);
    expect(activities.json.activities.some((row) => row.short_link && (row.clicks ?? 0) > 0)).toBe(true);
    const campaigns = await manager.get(t.api.partnerActivities.campaigns);
    expect(campaigns.json.data.length).toBeGreaterThan(3);
    const bundles = await manager.get(t.api.bundles.list);
    const states = new Set(bundles.json.bundles.map((row) => (row.is_deleted ? 'deleted' : String(row.is_in_shop))));
    expect(states).toEqual(new Set(['true', 'false', 'deleted']));
  });
});
