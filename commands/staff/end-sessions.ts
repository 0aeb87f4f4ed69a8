import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { staffIdField, staffIdForm, staffViews } from './fields';

export default defineCommand({
  id: 'staff.end-sessions',
  title: 'End staff sessions',
  group: 'Operations',
  permission: 'assign_roles',
  target: 'none',
  keywords: ['staff', 'sign out', 'logout', 'sessions', 'revoke'],
  params: { schema: staffIdForm, fields: { staff_id: staffIdField } },
  confirm: 'destructive',
  consequence: () => 'Every session ends: they sign in again at their next request.',
  run: ({ params, signal }) =>
    call(api.staffAccounts.endSessions, { params: { staff_id: params.staff_id } }, { signal }),
  revalidates: staffViews,
  successMessage: () => 'Sessions ended',
});
