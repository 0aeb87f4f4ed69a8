import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { staffIdField, staffIdForm, staffViews } from './fields';

export default defineCommand({
  id: 'staff.deactivate',
  title: 'Deactivate staff member',
  group: 'Operations',
  permission: 'assign_roles',
  target: 'none',
  keywords: ['staff', 'deactivate', 'disable', 'remove', 'offboard'],
  params: { schema: staffIdForm, fields: { staff_id: staffIdField } },
  confirm: 'destructive',
  consequence: () => 'They are signed out at their next request and cannot sign in until activated again.',
  run: ({ params, signal }) =>
    call(api.staffAccounts.deactivate, { params: { staff_id: params.staff_id } }, { signal }),
  revalidates: staffViews,
  successMessage: () => 'Staff member deactivated',
});
