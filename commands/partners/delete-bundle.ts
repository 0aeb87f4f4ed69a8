import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bundleChoice, bundleField, bundleViews } from './bundle-choice';

export default defineCommand({
  id: 'bundle.delete',
  title: 'Delete bundle',
  group: 'Operations',
  permission: 'bundle_page_creation',
  target: 'none',
  keywords: ['bundle', 'remove'],
  params: { schema: bundleChoice, fields: { bundle_id: bundleField } },
  confirm: 'destructive',
  consequence: (_, params) =>
    `Bundle #${params.bundle_id} leaves the shop and is marked deleted; it offers no actions after that.`,
  run: ({ params, signal }) => call(api.bundles.remove, { params }, { signal }),
  revalidates: bundleViews,
  successMessage: ({ params }) => `Bundle #${params.bundle_id} deleted`,
});
