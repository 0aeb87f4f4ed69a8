import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { promotionLinkField } from '../record-choices';

const form = z.object({ link_id: api.marketing.revokeLink.params.shape.link_id });

export default defineCommand({
  id: 'promotion.revoke-link',
  title: 'Revoke promotion link',
  group: 'Operations',
  permission: 'coupons',
  target: 'none',
  keywords: ['promotion', 'offer', 'link', 'revoke', 'withdraw', 'disable'],
  params: {
    schema: form,
    fields: { link_id: promotionLinkField },
  },
  confirm: 'destructive',
  consequence: (_, params) => `Link #${params.link_id} will open a “this offer was withdrawn” page from now on.`,
  run: ({ params, signal }) => call(api.marketing.revokeLink, { params: { link_id: params.link_id } }, { signal }),
  revalidates: [api.marketing.links],
  successMessage: ({ params }) => `Promotion link #${params.link_id} revoked`,
});
