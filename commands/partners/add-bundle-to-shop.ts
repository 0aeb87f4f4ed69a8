import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bundleChoice, bundleField, bundleViews } from './bundle-choice';

export default defineCommand({
  id: 'bundle.add-to-shop',
  title: 'Add bundle to shop',
  group: 'Operations',
  permission: 'bundle_page_creation',
  target: 'none',
  keywords: ['bundle', 'shop', 'publish'],
  params: { schema: bundleChoice, fields: { bundle_id: bundleField } },
  confirm: 'destructive',
  consequence: (_, params) => `Bundle #${params.bundle_id} goes on sale: its page is built and published in the shop.`,
  run: ({ params, signal }) => call(api.bundles.addToShop, { params }, { signal }),
  revalidates: bundleViews,
  successMessage: ({ params }) => `Bundle #${params.bundle_id} is in the shop`,
});
