import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { partnerIdField, partnerViews } from './partner-form';

export default defineCommand({
  id: 'partner.delete',
  title: 'Delete partner',
  group: 'Operations',
  permission: 'partner_managment',
  target: 'none',
  keywords: ['partner', 'remove'],
  params: {
    schema: z.object({ partner_id: api.partners.remove.params.shape.partner_id }),
    fields: { partner_id: partnerIdField },
  },
  confirm: 'destructive',
  consequence: (_, params) =>
    `Partner #${params.partner_id} is deleted for good. A partner with activities cannot be: delete those first.`,
  run: ({ params, signal }) => call(api.partners.remove, { params }, { signal }),
  revalidates: partnerViews,
  successMessage: ({ params }) => `Partner #${params.partner_id} deleted`,
});
