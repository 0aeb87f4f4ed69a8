import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { editPartnerForm, partnerFields, partnerIdField, partnerViews, versionField } from './partner-form';

export default defineCommand({
  id: 'partner.edit',
  title: 'Edit partner',
  group: 'Operations',
  permission: 'partner_managment',
  target: 'none',
  keywords: ['partner', 'change', 'owner', 'credit'],
  params: {
    schema: editPartnerForm,
    fields: { partner_id: partnerIdField, ...partnerFields, updated_at: versionField },
  },
  confirm: false,
  run: ({ params: { partner_id, ...body }, signal }) =>
    call(api.partners.update, { params: { partner_id }, body }, { signal }),
  revalidates: partnerViews,
  successMessage: ({ params }) => `Partner #${params.partner_id} saved`,
});
