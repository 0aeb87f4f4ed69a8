import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { bannerField } from '../record-choices';

const form = z.object({ banner_id: api.marketing.deleteBanner.params.shape.banner_id });

export default defineCommand({
  id: 'banner.delete',
  title: 'Delete banner',
  group: 'Operations',
  permission: 'banner_management',
  target: 'none',
  keywords: ['banner', 'remove', 'delete'],
  params: { schema: form, fields: { banner_id: bannerField } },
  confirm: 'destructive',
  consequence: (_, params) =>
    `Banner #${params.banner_id} leaves the app; the banners after it move up. Its images are deleted after the undo window (11 minutes).`,
  run: ({ params, signal }) =>
    call(api.marketing.deleteBanner, { params: { banner_id: params.banner_id } }, { signal }),
  revalidates: [api.marketing.banners],
  successMessage: ({ params }) => `Banner #${params.banner_id} deleted`,
});
