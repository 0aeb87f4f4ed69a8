import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { api } from '../../domain/api';
import { refusalOf } from '../../domain/labels';
import { money } from '../../domain/money';
import type { BundleRow } from '../../domain/partner-bundles';
import { type BundleAction, bundleActionsByState, bundleState } from '../../domain/partner-vocabulary';
import type { Permission } from '../../domain/permissions';
import type { Database } from '../db/client';
import { bundles } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { minorUnits } from '../partners/partners-crud';
import { noteColumnsBefore } from '../undo/restore';

type BundleRecord = typeof bundles.$inferSelect;

/** The permission each bundle action needs: its call's in the catalogue (`bundle_page_creation` for every one). */
const actionPermission: Record<BundleAction, Permission> = {
  ADD_TO_SHOP: 'bundle_page_creation',
  'RE-CREATE_PAGE': 'bundle_page_creation',
  'RE-ORDER_PHOTOS': 'bundle_page_creation',
  ACTIVATE_SHOP_DISCOUNT: 'bundle_page_creation',
  UPDATE: 'bundle_page_creation',
  DELETE: 'bundle_page_creation',
};

function stateOf(record: BundleRecord) {
  return bundleState({ is_in_shop: record.isInShop, is_deleted: record.isDeleted });
}

/** A bundle's row: its state's actions (spec §4), disabled with the reason where the role lacks the permission. */
export function bundleRow(
  record: BundleRecord,
  context: { can: (permission: Permission) => boolean; request: FastifyRequest },
): BundleRow {
  return {
    bundle_id: record.id,
    bundle_name: record.bundleName,
    seller_name: record.sellerName,
    table_id: record.tableId,
    price: money(record.price, record.currency === 'EUR' || record.currency === 'GBP' ? record.currency : 'USD'),
    URL: `${context.request.protocol}://${context.request.host}/shop/bundles/${record.slug}`,
    slug: record.slug,
    date: isoTimestamp(record.createdAt),
    is_in_shop: record.isInShop,
    is_deleted: record.isDeleted,
    discount_percentage: record.discountPercentage,
    start_date: record.discountStart,
    expiry_date: record.discountExpiry,
    photos: record.photos,
    page_version: record.pageVersion,
    updated_at: isoTimestamp(record.updatedAt),
    quick_actions: bundleActionsByState[stateOf(record)].map((name) => {
      const allowed = context.can(actionPermission[name]);
      return { name, is_disabled: !allowed, disable_message: allowed ? null : refusalOf(actionPermission[name]) };
    }),
  };
}

/** The bundle, locked, if its state offers the action (404 unknown, 409 when the state does not offer it). */
async function bundleFor(db: Database, id: number, action: BundleAction): Promise<BundleRecord> {
  const [record] = await db.select().from(bundles).where(eq(bundles.id, id)).for('update');
  if (!record) throw fail('bundle_not_found');
  const state = stateOf(record);
  if (!bundleActionsByState[state].includes(action)) {
    const where = { NOT_IN_SHOP: 'not in the shop', IN_SHOP: 'in the shop', DELETED: 'deleted' }[state];
    throw fail('bundle_action_unavailable', {
      detail: `This bundle is ${where}: ${action} is not one of its actions (${bundleActionsByState[state].join(', ') || 'none'})`,
    });
  }
  return record;
}

/**
 * Writes a bundle's changes; the columns as they were are kept on the call's audit row (and it names the bundle), so
 * its undo can set them back.
 */
async function save(
  db: Database,
  record: BundleRecord,
  changes: Partial<typeof bundles.$inferInsert>,
  request: FastifyRequest,
) {
  const id = record.id;
  const before = Object.fromEntries(Object.keys(changes).map((key) => [key, record[key as keyof BundleRecord]]));
  noteColumnsBefore(request, { kind: 'bundle', id }, before);
  const [updated] = await db
    .update(bundles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(bundles.id, id))
    .returning();
  if (!updated) throw fail('bundle_not_found');
  return updated;
}

export const listBundles = handle(
  api.bundles.list,
  async ({ db, can, request }) => {
    const records = await db.select().from(bundles).orderBy(desc(bundles.createdAt), desc(bundles.id)).limit(1000);
    return { bundles: records.map((record) => bundleRow(record, { can, request })) };
  },
  { transaction: false },
);

export const addToShop = handle(api.bundles.addToShop, async ({ db, params, can, request }) => {
  const record = await bundleFor(db, params.bundle_id, 'ADD_TO_SHOP');
  const updated = await save(db, record, { isInShop: true, pageBuiltAt: sql`now()` as unknown as string }, request);
  return bundleRow(updated, { can, request });
});

export const reCreatePage = handle(api.bundles.reCreate, async ({ db, params, can, request }) => {
  const record = await bundleFor(db, params.bundle_id, 'RE-CREATE_PAGE');
  const updated = await save(
    db,
    record,
    { pageVersion: record.pageVersion + 1, pageBuiltAt: sql`now()` as unknown as string },
    request,
  );
  return bundleRow(updated, { can, request });
});

export const reOrderPhotos = handle(api.bundles.reOrder, async ({ db, params, body, can, request }) => {
  const record = await bundleFor(db, params.bundle_id, 'RE-ORDER_PHOTOS');
  const same =
    body.photos.length === record.photos.length &&
    new Set(body.photos).size === body.photos.length &&
    body.photos.every((photo) => record.photos.includes(photo));
  if (!same) throw fail('bundle_photos_mismatch', { field: 'photos' });
  const updated = await save(db, record, { photos: body.photos }, request);
  return bundleRow(updated, { can, request });
});

export const activateShopDiscount = handle(
  api.bundles.activateShopDiscount,
  async ({ db, params, body, can, request }) => {
    const record = await bundleFor(db, params.bundle_id, 'ACTIVATE_SHOP_DISCOUNT');
    const updated = await save(
      db,
      record,
      {
        discountPercentage: body.discount_percentage,
        discountStart: body.start_date,
        discountExpiry: body.expiry_date,
      },
      request,
    );
    return bundleRow(updated, { can, request });
  },
);

export const updateBundle = handle(api.bundles.update, async ({ db, params, body, can, request }) => {
  const record = await bundleFor(db, params.bundle_id, 'UPDATE');
  const updated = await save(
    db,
    record,
    {
      ...(body.bundle_name !== undefined ? { bundleName: body.bundle_name } : {}),
      ...(body.seller_name !== undefined ? { sellerName: body.seller_name } : {}),
      ...(body.price !== undefined ? { price: minorUnits(body.price) } : {}),
    },
    request,
  );
  return bundleRow(updated, { can, request });
});

export const deleteBundle = handle(api.bundles.remove, async ({ db, params, can, request }) => {
  const record = await bundleFor(db, params.bundle_id, 'DELETE');
  const updated = await save(db, record, { isDeleted: true, isInShop: false }, request);
  return bundleRow(updated, { can, request });
});

/** The bundles area's calls. */
export const bundleHandlers = [
  listBundles,
  addToShop,
  reCreatePage,
  reOrderPhotos,
  activateShopDiscount,
  updateBundle,
  deleteBundle,
] as const;
