import { api as catalogue } from '../../domain/api';
import { describeRoleMatrix, type Sample } from './support/role-matrix';
import { insertStaff } from './support/staff';

const member: Sample = async (api) => ({ params: { staff_id: await insertStaff(api.db, 'SUPPORT_PL1') } });

/** Managing staff needs assign_roles: ADMIN only. (auth/set_password needs no session: tests/server/staff.test.ts.) */
describeRoleMatrix(
  'staff',
  Object.values(catalogue.staffAccounts).filter((endpoint) => endpoint.auth === 'access'),
  {
    'staff.list': async () => ({}),
    'staff.invite': async () => ({
      body: {
        first_name: 'New',
        last_name: 'Person',
        email: `invited${Date.now()}${Math.random().toString(36).slice(2, 6)}@staff.example`,
        role: 'SUPPORT_PL1',
      },
    }),
    'staff.setRole': async (api) => ({ ...(await member(api)), body: { role: 'SUPPORT_PL2' } }),
    'staff.deactivate': member,
    'staff.activate': async (api) => ({ params: { staff_id: await insertStaff(api.db, 'SUPPORT_PL1', false) } }),
    'staff.endSessions': member,
  },
);

/** The audit trail and its CSV link are ADMIN's too (assign_roles). */
describeRoleMatrix('audit', [catalogue.audit.list, catalogue.audit.exportLink], {
  'audit.list': async () => ({ body: {} }),
  'audit.exportLink': async () => ({ body: { filters: [] } }),
});
