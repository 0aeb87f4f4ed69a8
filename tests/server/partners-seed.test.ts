import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { promotionRedemptions } from '../../server/db/schema';
import { isoTimestamp } from '../../server/db/timestamps';
import { fileStoreFrom } from '../../server/files/choose-store';
import { seedNow } from '../../server/seed/customers';
import { seedDatabase } from '../../server/seed/generate';
import { describeOnOneBackend } from './support/backends';
import { type Client, testSecret, useTestApi } from './support/test-api';

describeOnOneBackend(
  'partners and marketing seed: demo customers attributed to demo activities, every list filled',
  (backend) => {
    const t = useTestApi(backend);
    let manager: Client;
    beforeAll(async () => {
      await seedDatabase(t.api.db, {
        customers: 1200,
        detailCustomers: 200,
        staff: false,
        seed: 7,
        batchSize: 600,
        marketing: { files: fileStoreFrom(), links: { secret: testSecret, publicUrl: 'http://localhost:8080' } },
      });
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

    it('dates partners’ updates, activities and campaigns in the past: never after the seed’s now (issue 20 item 8)', async () => {
      const { rows } = await t.api.db.execute<{ updated: string; event: string; start: string; updates: number }>(
        sql`select (select max(updated_at)::text from partners) as updated,
          (select max(event_date)::text from partner_activities) as event,
          (select max(start_date)::text from marketing_activities) as start,
          (select count(distinct updated_at::date) from partners)::int as updates`,
      );
      const [latest] = rows;
      expect(Date.parse(isoTimestamp(latest?.updated ?? ''))).toBeLessThanOrEqual(seedNow);
      const seedToday = new Date(seedNow).toISOString().slice(0, 10);
      expect([String(latest?.event) <= seedToday, String(latest?.start) <= seedToday], JSON.stringify(latest)).toEqual([
        true,
        true,
      ]);
      // Spread over many days, not all stamped with one.
      expect(latest?.updates).toBeGreaterThan(20);
    });

    it('fills the Operations center: banners live and planned, broadcasts sent and pending, A/B tests with results, links', async () => {
      const marketer = await t.api.signIn('MARKETER_PLUS');
      const banners = (await marketer.get(t.api.marketing.banners)).json.banners;
      expect(banners.map((row) => row.status)).toEqual(['LIVE', 'LIVE', 'PLANNED', 'PLANNED']);
      const image = await t.api.inject({ method: 'GET', url: banners[0]?.photo ?? '' });
      expect([image.statusCode, image.rawPayload.subarray(1, 4).toString()]).toEqual([200, 'PNG']);

      const broadcasts = (await marketer.get(t.api.notifications.list)).json.notifications;
      expect(broadcasts.map((row) => [row.status, row.sending_state])).toEqual([
        ['Pending', 'SCHEDULED'],
        ['Pending', 'SCHEDULED'],
        ['Sent', 'SENT'],
        ['Sent', 'SENT'],
      ]);
      for (const sent of broadcasts.filter((row) => row.status === 'Sent')) {
        expect(sent.sent_count).toBe(sent.recipients_total);
        expect(sent.read_count).toBeGreaterThan(0);
        expect(Date.parse(sent.sent_time ?? '')).toBeLessThan(Date.now());
      }
      for (const pending of broadcasts.filter((row) => row.status === 'Pending'))
        expect(Date.parse(pending.send_at ?? '')).toBeGreaterThan(Date.now());

      const tests = (await marketer.get(t.api.abTests.list)).json.tests;
      expect(tests.map((row) => row.is_done).sort()).toEqual([false, false, true, true]);
      const done = tests.find((row) => row.is_done);
      const detail = await marketer.get(t.api.abTests.detail, { testId: done?.id ?? 0 });
      for (const variant of detail.json.results.variants) {
        expect(variant.users).toBeGreaterThan(0);
        expect(variant.conversions).toBeGreaterThan(0);
      }

      const links = (await marketer.get(t.api.marketing.links)).json.links;
      expect(links.map((row) => row.state).sort()).toEqual(['ACTIVE', 'ACTIVE', 'EXPIRED', 'EXPIRED', 'REVOKED']);
      const opened = await Promise.all(
        links.map(async (row) => [
          row.state,
          (await t.api.inject({ method: 'GET', url: new URL(row.url).pathname })).statusCode,
        ]),
      );
      expect(opened.sort()).toEqual([
        ['ACTIVE', 302],
        ['ACTIVE', 302],
        ['EXPIRED', 410],
        ['EXPIRED', 410],
        ['REVOKED', 410],
      ]);
      // Used and unused links: each use by another customer, between the link's making and now (and its end).
      expect(links.map((row) => row.used_count).sort((a, b) => a - b)).toEqual([0, 0, 2, 6, 9]);
      for (const row of links) {
        if (row.used_count === 0) {
          expect([row.used, row.last_used_at]).toEqual(['Not used', null]);
          continue;
        }
        expect(row.used).toBe(`${row.used_count} times`);
        const last = Date.parse(row.last_used_at ?? '');
        expect(last).toBeGreaterThan(Date.parse(row.created_at));
        expect(last).toBeLessThan(Math.min(Date.now(), Date.parse(row.revoked_at ?? row.expires_at)));
      }
      const uses = await t.api.db.select().from(promotionRedemptions);
      expect(uses).toHaveLength(17);
      for (const use of uses) {
        const link = links.find((row) => row.id === use.linkId);
        const at = Date.parse(isoTimestamp(use.redeemedAt));
        expect(at).toBeGreaterThan(Date.parse(link?.created_at ?? ''));
        expect(at).toBeLessThan(Date.now());
      }
    });
  },
);
