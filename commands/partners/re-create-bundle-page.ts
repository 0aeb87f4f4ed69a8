import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bundleChoice, bundleField, bundleViews } from './bundle-choice';

export default defineCommand({
  id: 'bundle.re-create-page',
  title: 'Re-create bundle page',
  group: 'Operations',
  permission: 'bundle_page_creation',
  target: 'none',
  keywords: ['bundle', 'page', 'rebuild'],
  params: { schema: bundleChoice, fields: { bundle_id: bundleField } },
  confirm: 'destructive',
  consequence: (_, params) =>
    `The shop page of bundle #${params.bundle_id} is rebuilt from its current photos and details.`,
  run: ({ params, signal }) => call(api.bundles.reCreate, { params }, { signal }),
  revalidates: bundleViews,
  successMessage: ({ params }) => `Page of bundle #${params.bundle_id} rebuilt`,
});
