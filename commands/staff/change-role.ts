import { z } from 'zod';
import { api } from '../../domain/api';
import { roleLabels } from '../../domain/roles';
import { setRoleBody } from '../../domain/staff';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { roleField, staffIdField, staffIdForm, staffViews } from './fields';

export default defineCommand({
  id: 'staff.change-role',
  title: 'Change staff role',
  group: 'Operations',
  permission: 'assign_roles',
  target: 'none',
  keywords: ['staff', 'role', 'permission', 'promote', 'demote', 'admin'],
  params: {
    schema: z.object({ ...staffIdForm.shape, ...setRoleBody.shape }),
    fields: { staff_id: staffIdField, role: roleField },
  },
  confirm: 'destructive',
  consequence: (_, params) =>
    `Their next request is made as ${roleLabels[params.role]}: areas and actions follow the new role.`,
  run: ({ params, signal }) =>
    call(api.staffAccounts.setRole, { params: { staff_id: params.staff_id }, body: { role: params.role } }, { signal }),
  revalidates: staffViews,
  successMessage: ({ params }) => `Role changed to ${roleLabels[params.role]}`,
});
