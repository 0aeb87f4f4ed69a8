import { api } from '../../domain/api';
import { inviteStaffBody } from '../../domain/staff';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { roleField, staffViews } from './fields';

export default defineCommand({
  id: 'staff.invite',
  title: 'Invite staff member',
  group: 'Operations',
  permission: 'assign_roles',
  target: 'none',
  keywords: ['staff', 'invite', 'add', 'new', 'account', 'colleague', 'user'],
  params: {
    schema: inviteStaffBody,
    fields: {
      first_name: { kind: 'text', label: 'First name' },
      last_name: { kind: 'text', label: 'Last name' },
      email: { kind: 'text', label: 'E-mail', placeholder: 'name@company.com' },
      role: roleField,
    },
  },
  confirm: false,
  run: ({ params, signal }) => call(api.staffAccounts.invite, { body: params }, { signal }),
  revalidates: staffViews,
  successMessage: ({ params }) => `Invitation sent to ${params.email} (the link works once, for 72 hours)`,
});
