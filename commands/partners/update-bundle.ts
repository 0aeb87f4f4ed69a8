import { z } from 'zod';
import { api } from '../../domain/api';
import { updateBundleBody } from '../../domain/partner-bundles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bundleField, bundleViews } from './bundle-choice';

export default defineCommand({
  id: 'bundle.update',
  title: 'Update bundle',
  group: 'Operations',
  permission: 'bundle_page_creation',
  target: 'none',
  keywords: ['bundle', 'rename', 'seller'],
  params: {
    schema: z.object({
      bundle_id: api.bundles.update.params.shape.bundle_id,
      bundle_name: updateBundleBody.shape.bundle_name,
      seller_name: updateBundleBody.shape.seller_name,
    }),
    fields: {
      bundle_id: bundleField,
      bundle_name: { kind: 'text', label: 'Name' },
      seller_name: { kind: 'text', label: 'Seller' },
    },
  },
  confirm: false,
  run: ({ params: { bundle_id, ...body }, signal }) =>
    call(api.bundles.update, { params: { bundle_id }, body }, { signal }),
  revalidates: bundleViews,
  successMessage: ({ params }) => `Bundle #${params.bundle_id} updated`,
});
