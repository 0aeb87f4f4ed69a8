import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { staffIdField, staffIdForm, staffViews } from './fields';

export default defineCommand({
  id: 'staff.activate',
  title: 'Activate staff member',
  group: 'Operations',
  permission: 'assign_roles',
  target: 'none',
  keywords: ['staff', 'activate', 'enable', 'reactivate'],
  params: { schema: staffIdForm, fields: { staff_id: staffIdField } },
  confirm: false,
  consequence: () => 'They can sign in again with their password.',
  run: ({ params, signal }) => call(api.staffAccounts.activate, { params: { staff_id: params.staff_id } }, { signal }),
  revalidates: staffViews,
  successMessage: () => 'Staff member activated',
});
