import { beforeAll, expect, it } from 'vitest';
import type { BundleRow } from '../../domain/partner-bundles';
import { describeEachBackend } from './support/backends';
import { insertBundle } from './support/partners';
import { type Client, useTestApi } from './support/test-api';

const names = (row: BundleRow | undefined) => (row?.quick_actions ?? []).map((action) => action.name);

describeEachBackend('bundles: actions by state, page actions, discounts, soft delete', (backend) => {
  const t = useTestApi(backend);
  let manager: Client;
  let marketer: Client;
  beforeAll(async () => {
    manager = await t.api.signIn('PARTNERS_MANAGER');
    marketer = await t.api.signIn('MARKETER_PLUS');
  });

  async function rowOf(client: Client, id: number) {
    const list = await client.get(t.api.bundles.list);
    return list.json.bundles.find((row) => row.bundle_id === id);
  }

  it('offers exactly the state’s actions: not in shop, in shop, deleted', async () => {
    const draft = await insertBundle(t.api.db);
    const live = await insertBundle(t.api.db, { isInShop: true });
    const gone = await insertBundle(t.api.db, { isDeleted: true });
    expect(names(await rowOf(manager, draft.id))).toEqual(['ADD_TO_SHOP', 'ACTIVATE_SHOP_DISCOUNT', 'RE-ORDER_PHOTOS']);
    expect(names(await rowOf(manager, live.id))).toEqual(['UPDATE', 'RE-CREATE_PAGE', 'DELETE']);
    expect(names(await rowOf(manager, gone.id))).toEqual([]);
    // The tab, its commands and its calls are one permission (bundle_page_creation): a marketer has none of them.
    expect((await marketer.get(t.api.bundles.list)).status).toBe(403);
    expect((await marketer.delete(t.api.bundles.remove, { bundle_id: live.id })).status).toBe(403);
    expect(names(await rowOf(manager, live.id))).toEqual(['UPDATE', 'RE-CREATE_PAGE', 'DELETE']);
  });

  it('moves a bundle through the shop: add, re-create its page, update, delete (soft)', async () => {
    const bundle = await insertBundle(t.api.db);
    const added = await manager.post(t.api.bundles.addToShop, { bundle_id: bundle.id });
    expect(added.json.is_in_shop).toBe(true);
    const again = await manager.post(t.api.bundles.addToShop, { bundle_id: bundle.id });
    expect(again.status).toBe(409);
    expect(again.error.detail).toMatch(/in the shop/);
    const rebuilt = await manager.post(t.api.bundles.reCreate, { bundle_id: bundle.id });
    expect(rebuilt.json.page_version).toBe(2);
    const updated = await manager.put(t.api.bundles.update, { bundle_id: bundle.id }, { price: 39.5 });
    expect(updated.json.price).toEqual({ amount: 3950, multiplier: 100, symbol: '$' });
    const deleted = await manager.delete(t.api.bundles.remove, { bundle_id: bundle.id });
    expect(deleted.json).toMatchObject({ is_deleted: true, is_in_shop: false, quick_actions: [] });
    expect((await manager.post(t.api.bundles.reCreate, { bundle_id: bundle.id })).status).toBe(409);
    expect((await manager.post(t.api.bundles.addToShop, { bundle_id: 999999 })).status).toBe(404);
  });

  it('lets only bundle_page_creation change an in-shop bundle, its price included (one permission for the bundles)', async () => {
    const bundle = await insertBundle(t.api.db, { isInShop: true });
    const before = await rowOf(manager, bundle.id);
    // MARKETER_PLUS manages partners (partner_managment) but not shop pages: no bundle change at all, price or name.
    const priced = await marketer.put(t.api.bundles.update, { bundle_id: bundle.id }, { price: 1 });
    expect(priced.status).toBe(403);
    expect(priced.error.code).toBe('forbidden');
    const renamed = await marketer.put(t.api.bundles.update, { bundle_id: bundle.id }, { bundle_name: 'Renamed' });
    expect(renamed.status).toBe(403);
    expect(await rowOf(manager, bundle.id)).toEqual(before);
    const byManager = await manager.put(t.api.bundles.update, { bundle_id: bundle.id }, { price: 12.5 });
    expect(byManager.json.price).toEqual({ amount: 1250, multiplier: 100, symbol: '$' });
    for (const body of [{ price: 'ten' }, { price: -1 }, { price: 1e308 }, { price: '\ud800' }, { price: null }]) {
      const odd = await manager.put(t.api.bundles.update, { bundle_id: bundle.id }, body as never);
      expect(odd.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('re-orders photos only as a permutation of the bundle’s own', async () => {
    const bundle = await insertBundle(t.api.db);
    const ok = await manager.post(
      t.api.bundles.reOrder,
      { bundle_id: bundle.id },
      { photos: ['c.jpg', 'a.jpg', 'b.jpg'] },
    );
    expect(ok.json.photos).toEqual(['c.jpg', 'a.jpg', 'b.jpg']);
    for (const photos of [
      ['a.jpg', 'b.jpg'],
      ['a.jpg', 'a.jpg', 'b.jpg'],
      ['a.jpg', 'b.jpg', 'x.jpg'],
    ]) {
      const refused = await manager.post(t.api.bundles.reOrder, { bundle_id: bundle.id }, { photos });
      expect(refused.status, photos.join()).toBe(400);
      expect(refused.error.field).toBe('photos');
    }
  });

  it('activates a 1–90 % discount whose expiry comes after its start; anything else is a 400', async () => {
    const bundle = await insertBundle(t.api.db);
    const body = { discount_percentage: 25, start_date: '2026-12-01', expiry_date: '2026-12-24' };
    const ok = await manager.post(t.api.bundles.activateShopDiscount, { bundle_id: bundle.id }, body);
    expect(ok.json).toMatchObject({ discount_percentage: 25, start_date: '2026-12-01', expiry_date: '2026-12-24' });
    const bad: [Record<string, unknown>, string][] = [
      [{ ...body, discount_percentage: 0 }, 'discount_percentage'],
      [{ ...body, discount_percentage: 91 }, 'discount_percentage'],
      [{ ...body, discount_percentage: 12.5 }, 'discount_percentage'],
      [{ ...body, expiry_date: '2026-11-30' }, 'expiry_date'],
      [{ ...body, expiry_date: '2026-12-01' }, 'expiry_date'],
    ];
    for (const [input, field] of bad) {
      const refused = await manager.post(t.api.bundles.activateShopDiscount, { bundle_id: bundle.id }, input);
      expect(refused.status, JSON.stringify(input)).toBe(400);
      expect(`${refused.error.field} ${refused.error.detail}`).toContain(field);
    }
  });

  it('serves an in-shop bundle’s page (photos in order, discounted price, page version); others are a 404', async () => {
    const bundle = await insertBundle(t.api.db, { bundleName: 'Golden <hour>', price: 4000 });
    const page = () => t.api.inject({ method: 'GET', url: `/shop/bundles/${bundle.slug}` });
    expect((await page()).statusCode).toBe(404);
    await manager.post(t.api.bundles.reOrder, { bundle_id: bundle.id }, { photos: ['c.jpg', 'b.jpg', 'a.jpg'] });
    const today = new Date().toISOString().slice(0, 10);
    await manager.post(
      t.api.bundles.activateShopDiscount,
      { bundle_id: bundle.id },
      { discount_percentage: 25, start_date: today, expiry_date: '2999-12-31' },
    );
    await manager.post(t.api.bundles.addToShop, { bundle_id: bundle.id });
    await manager.post(t.api.bundles.reCreate, { bundle_id: bundle.id });
    const shown = await page();
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Golden &#60;hour&#62;');
    expect(shown.body).toContain('$30.00');
    expect(shown.body).toContain('page version 2');
    expect(shown.body.indexOf('c.jpg')).toBeLessThan(shown.body.indexOf('a.jpg'));
    await manager.delete(t.api.bundles.remove, { bundle_id: bundle.id });
    expect((await page()).statusCode).toBe(404);
  });
});
