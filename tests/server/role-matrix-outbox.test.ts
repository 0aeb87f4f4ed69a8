import { api as catalogue } from '../../domain/api';
import { queueEmail } from '../../server/mail/outbox';
import { insertCustomer } from './support/fixtures';
import { describeRoleMatrix } from './support/role-matrix';

/**
 * A customer's e-mails need user_details_read (whoever can open the customer sees what was sent to them); the list
 * across customers needs see_all_users; so does opening one e-mail.
 */
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
  'outbox.customerList': async (api) => {
    const customer = await insertCustomer(api.db);
    await queueEmail(api.db, {
      template: 'WELCOME_BACK',
      recipient: customer.email,
      customerId: customer.id,
      payload: {},
    });
    return { params: { user_id: customer.id }, body: {} };
  },
  'outbox.show': async (api) => {
    const customer = await insertCustomer(api.db);
    const id = await queueEmail(api.db, {
      template: 'WELCOME_BACK',
      recipient: customer.email,
      customerId: customer.id,
      payload: {},
    });
    return { params: { email_id: id } };
  },
  'outbox.customerShow': async (api) => {
    const customer = await insertCustomer(api.db);
    const id = await queueEmail(api.db, {
      template: 'WELCOME_BACK',
      recipient: customer.email,
      customerId: customer.id,
      payload: {},
    });
    return { params: { user_id: customer.id, email_id: id } };
  },
});
