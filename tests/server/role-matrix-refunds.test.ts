import { api as catalogue } from '../../domain/api';
import { insertCustomer } from './support/fixtures';
import { insertBilledProject } from './support/profiles';
import { describeRoleMatrix, type Sample } from './support/role-matrix';

/** A project billed by a succeeded charge, refundable as credit: the refund must be possible for an allowed role. */
const refundableProject: Sample = async (api) => {
  const customer = await insertCustomer(api.db, { currency: 'EUR' });
  const project = await insertBilledProject(api.db, customer.id, 2500);
  return { params: { project_id: project.id } };
};

/** Every refund call needs `refund` (ADMIN, SUPPORT_MASTER): the reasons and the rest too, as only the form uses them. */
describeRoleMatrix('refunds', Object.values(catalogue.refunds), {
  'refunds.reasons': async () => ({}),
  'refunds.refundable': refundableProject,
  'refunds.refund': async (api) => ({
    ...(await refundableProject(api)),
    body: { amount: 5, reason: 'OTHER', description: 'role matrix', to: 'credit' },
  }),
});
