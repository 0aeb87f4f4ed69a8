import { z } from 'zod';
import { api } from '../../domain/api';
import { updateBundleBody } from '../../domain/partner-bundles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bundleField, bundleViews } from './bundle-choice';

/** An in-shop bundle's price is what its shop page shows: page work, so bundle_page_creation (issue 19). */
export default defineCommand({
  id: 'bundle.change-price',
  title: 'Change bundle price',
  group: 'Operations',
  permission: 'bundle_page_creation',
  target: 'none',
  keywords: ['bundle', 'price', 'shop'],
  params: {
    schema: z.object({
      bundle_id: api.bundles.update.params.shape.bundle_id,
      price: updateBundleBody.shape.price.unwrap(),
    }),
    fields: {
      bundle_id: bundleField,
      price: { kind: 'money', label: 'Price', hint: 'In the bundle’s currency.' },
    },
  },
  confirm: false,
  run: ({ params: { bundle_id, price }, signal }) =>
    call(api.bundles.update, { params: { bundle_id }, body: { price } }, { signal }),
  revalidates: bundleViews,
  successMessage: ({ params }) => `Bundle #${params.bundle_id} price changed`,
});
