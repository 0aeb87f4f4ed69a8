import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { createPartnerForm, partnerFields, partnerViews } from './partner-form';

export default defineCommand({
  id: 'partner.create',
  title: 'New partner',
  group: 'Operations',
  permission: 'partner_managment',
  target: 'none',
  keywords: ['partner', 'affiliate', 'ambassador', 'talent', 'add', 'create'],
  params: { schema: createPartnerForm, fields: partnerFields },
  confirm: false,
  run: ({ params, signal }) => call(api.partners.create, { body: params }, { signal }),
  revalidates: partnerViews,
  successMessage: ({ params }) => `Partner ${params.name} created`,
});
