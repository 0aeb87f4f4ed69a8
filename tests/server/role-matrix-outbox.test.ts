import { api as catalogue } from '../../domain/api';
import { queueEmail } from '../../server/mail/outbox';
import { insertCustomer } from './support/fixtures';
import { describeRoleMatrix } from './support/role-matrix';

/** The outbox list needs user_details_read (every role): whoever can open a customer sees what was sent to them. */
describeRoleMatrix('outbox', Object.values(catalogue.outbox), {
  'outbox.list': async (api) => {
    const customer = await insertCustomer(api.db);
    await queueEmail(api.db, {
      template: 'WELCOME_BACK',
      recipient: customer.email,
      customerId: customer.id,
      payload: {},
    });
    return { body: { filters: [{ kind: 'number', column: 'user_id', op: 'eq', value: customer.id }] } };
  },
});
