import { api } from '../../domain/api';
import { shopDiscountBody } from '../../domain/partner-bundles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bundleField, bundleViews } from './bundle-choice';

export default defineCommand({
  id: 'bundle.activate-shop-discount',
  title: 'Activate shop discount',
  group: 'Operations',
  permission: 'bundle_page_creation',
  target: 'none',
  keywords: ['bundle', 'discount', 'sale', 'percent'],
  params: {
    schema: shopDiscountBody.safeExtend({ bundle_id: api.bundles.activateShopDiscount.params.shape.bundle_id }),
    fields: {
      bundle_id: bundleField,
      discount_percentage: { kind: 'number', label: 'Discount %', placeholder: '1–90' },
      start_date: { kind: 'date', label: 'Starts', day: { at: 'start', zone: 'UTC' } },
      expiry_date: { kind: 'date', label: 'Expires', day: { at: 'end', zone: 'UTC' }, hint: 'After the start.' },
    },
  },
  confirm: false,
  run: ({ params: { bundle_id, ...body }, signal }) =>
    call(api.bundles.activateShopDiscount, { params: { bundle_id }, body }, { signal }),
  revalidates: bundleViews,
  successMessage: ({ params }) => `${params.discount_percentage} % off bundle #${params.bundle_id}`,
});
