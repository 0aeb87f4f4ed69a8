import { api } from '../../domain/api';
import { reorderPhotosForm } from '../../domain/partner-forms';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bundleField, bundleViews } from './bundle-choice';

export default defineCommand({
  id: 'bundle.re-order-photos',
  title: 'Re-order bundle photos',
  group: 'Operations',
  permission: 'bundle_page_creation',
  target: 'none',
  keywords: ['bundle', 'photos', 'order', 'sort'],
  params: {
    schema: reorderPhotosForm,
    fields: {
      bundle_id: bundleField,
      photos: { kind: 'textarea', label: 'Photos in order', hint: 'One per line: every photo of the bundle, once.' },
    },
  },
  confirm: false,
  run: ({ params: { bundle_id, photos }, signal }) =>
    call(api.bundles.reOrder, { params: { bundle_id }, body: { photos } }, { signal }),
  revalidates: bundleViews,
  successMessage: ({ params }) => `Photos of bundle #${params.bundle_id} re-ordered`,
});
