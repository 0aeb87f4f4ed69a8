import { api as catalogue } from '../../domain/api';
import { insertCustomer } from './support/fixtures';
import { insertProject } from './support/profiles';
import { describeRoleMatrix, type Sample } from './support/role-matrix';

/** A paid project refundable as credit (no card charge needed): the refund must be possible for an allowed role. */
const refundableProject: Sample = async (api) => {
  const customer = await insertCustomer(api.db, { currency: 'EUR' });
  const project = await insertProject(api.db, customer.id, { totalCharge: 2500, paid: true });
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
