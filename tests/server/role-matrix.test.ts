import { randomUUID } from 'node:crypto';
import { api as catalogue } from '../../domain/api';
import { customerNotifications } from '../../server/db/schema';
import { isoTimestamp } from '../../server/db/timestamps';
import { insertCustomer } from './support/fixtures';
import { describeRoleMatrix, type Sample } from './support/role-matrix';
import type { CallInput, TestApi } from './support/test-api';

/** A valid request for each users call, made fresh for every role (a new call here needs a sample, or this fails). */
const samples: Record<string, (api: TestApi) => Promise<CallInput>> = {
  'users.search': async () => ({ params: { query: 'matrix' } }),
  'users.filter': async () => ({
    body: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: 5 },
  }),
  'users.get': async (api) => ({ params: { user_id: (await insertCustomer(api.db)).id } }),
  'users.lastViewed': async () => ({}),
  'users.suspend': async (api) => ({
    params: { user_id: (await insertCustomer(api.db)).id },
    body: { reason: 'OTHER', description: 'role matrix' },
  }),
  'users.unsuspend': async (api) => ({
    params: {
      user_id: (
        await insertCustomer(api.db, {
          status: 'SUSPENDED',
          suspendedAt: '2026-10-01T00:00:00Z',
          suspendReason: 'OTHER',
        })
      ).id,
    },
  }),
};

const customerId = async (api: TestApi, overrides: Parameters<typeof insertCustomer>[1] = {}) =>
  (await insertCustomer(api.db, overrides)).id;
const onCustomer =
  (body?: unknown, overrides: Parameters<typeof insertCustomer>[1] = {}) =>
  async (api: TestApi) => ({
    params: { user_id: await customerId(api, overrides) },
    body,
  });

Object.assign(samples, {
  'userDetails.details': onCustomer(),
  'userDetails.saveDetails': async (api: TestApi) => {
    const customer = await insertCustomer(api.db);
    return {
      params: { user_id: customer.id },
      body: { notes: 'role matrix', last_updated_row: isoTimestamp(customer.lastUpdatedRow) },
    };
  },
  'userDetails.tiles': onCustomer(),
  'userDetails.payments': onCustomer(),
  'userDetails.additionalInfo': onCustomer(),
  'userDetails.activity': onCustomer(),
  'userDetails.backup': onCustomer(),
  'userDetails.culling': onCustomer(),
  'userDetails.credits': onCustomer(),
  'userDetails.notifications': onCustomer(),
  'userDetails.deleteNotification': async (api: TestApi) => {
    const id = await customerId(api);
    const [row] = await api.db
      .insert(customerNotifications)
      .values({ customerId: id, category: 'NEW', title: 'Matrix', status: 'Sent' })
      .returning();
    return { params: { user_id: id, notification_id: row?.id } };
  },
  'userDetails.validateEmail': async () => ({ params: { user_email: 'free.matrix@example.net' } }),
  'userDetails.audit': onCustomer(),
  'userActions.addTrialPhotosReasons': async () => ({}),
  'userActions.giveCreditReasons': async () => ({}),
  'userActions.addTrialPhotos': onCustomer({ amount: 10, reason: 'OTHER' }),
  'userActions.sendResetPasswordEmail': onCustomer(),
  'userActions.sendPaymentLink': onCustomer({ link: 'CHECKOUT' }),
  'userActions.giveCredit': onCustomer({ amount: 10, reason: 'OTHER', description: 'role matrix' }),
  'userActions.ignoreAbusiveUser': onCustomer(undefined, { abusiveSuspicious: true }),
  'userActions.undoIgnoreAbusiveUser': onCustomer(undefined, { abusiveSuspicious: true, abusiveIgnore: true }),
  'userActions.grantFreeCullingPlan': onCustomer({ months: 3 }),
  'userActions.terminateCullingPlan': onCustomer({ reason: 'role matrix' }, { cullingSubscriptionType: 'MONTHLY' }),
  'userActions.grantCullingCredits': onCustomer({ amount: 10 }),
  'userActions.forceLogout': onCustomer({ reason: 'role matrix' }),
  'userActions.loginAs': onCustomer({ reason: 'role matrix' }),
  'userActions.changeEmail': async (api: TestApi) => ({
    params: { user_id: await customerId(api) },
    body: { email: `changed.${randomUUID()}@example.net` },
  }),
  'userActions.addReferral': async (api: TestApi) => ({
    params: { user_id: await customerId(api) },
    body: { referred_user: String(await customerId(api)) },
  }),
  'userActions.sendEmail': onCustomer({ template: 'WELCOME_BACK', note: 'role matrix' }),
} satisfies Record<string, (api: TestApi) => Promise<CallInput>>);

describeRoleMatrix(
  'users, user details, user actions',
  [...Object.values(catalogue.users), ...Object.values(catalogue.userDetails), ...Object.values(catalogue.userActions)],
  samples as Record<string, Sample>,
);
