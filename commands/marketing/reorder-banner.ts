import { api } from '../../domain/api';
import { bannerMoveForm } from '../../domain/operations-forms';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bannerField } from '../record-choices';

/** Moves one banner to a place in the carousel (1 first); the others keep their order around it. */
export default defineCommand({
  id: 'banner.reorder',
  title: 'Move banner',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['banner', 'reorder', 'order', 'move', 'position', 'carousel'],
  params: {
    schema: bannerMoveForm,
    fields: {
      banner_id: bannerField,
      position: { kind: 'number', label: 'New position', hint: '1 is shown first. In the list: Alt+↑ / Alt+↓.' },
    },
  },
  confirm: false,
  run: async ({ params, signal }) => {
    const { banners } = await call(api.marketing.banners, {}, { signal });
    const ids = banners.map((banner) => banner.banner_id).filter((id) => id !== params.banner_id);
    ids.splice(Math.min(params.position, ids.length + 1) - 1, 0, params.banner_id);
    return call(api.marketing.reorderBanners, { body: { banner_ids: ids } }, { signal });
  },
  revalidates: [api.marketing.banners],
  successMessage: ({ params }) => `Banner #${params.banner_id} moved to position ${params.position}`,
});
