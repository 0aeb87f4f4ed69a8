import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { api as catalogue } from '../../domain/api';
import { type Endpoint, permissionsOfCall } from '../../domain/endpoint';
import { canAny } from '../../domain/permissions';
import { type Role, roles } from '../../domain/roles';
import { customerNotifications } from '../../server/db/schema';
import { isoTimestamp } from '../../server/db/timestamps';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import type { CallInput, Client, TestApi } from './support/test-api';
import { useTestApi } from './support/test-api';

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

/** What a refused call must not have written for the customer: credits, notifications, e-mails, timeline, links. */
async function sideEffects(api: TestApi, id: number): Promise<string> {
  const result = await api.db.execute<{ state: string }>(sql`select concat_ws('|',
    (select count(*) from customer_credits where customer_id = ${id}),
    (select count(*) from customer_notifications where customer_id = ${id} and deleted_at is null),
    (select count(*) from outbox where customer_id = ${id}),
    (select count(*) from activity_events where customer_id = ${id}),
    (select count(*) from login_as_links where customer_id = ${id})) as state`);
  return result.rows[0]?.state ?? '';
}

const userCalls: Endpoint[] = [
  ...Object.values(catalogue.users),
  ...Object.values(catalogue.userDetails),
  ...Object.values(catalogue.userActions),
];

describeEachBackend('role × call matrix (users, user details, user actions)', (backend) => {
  const t = useTestApi(backend);
  const clients = {} as Record<Role, Client>;
  beforeAll(async () => {
    for (const role of roles) clients[role] = await t.api.signIn(role);
  });

  it('has a sample request for every users, user-details and user-actions call', () => {
    for (const endpoint of userCalls) expect(samples[endpoint.id], endpoint.id).toBeDefined();
  });

  for (const endpoint of userCalls) {
    for (const role of roles) {
      const allowed = canAny(role, permissionsOfCall(endpoint));
      it(`${endpoint.id} as ${role}: ${allowed ? 'allowed' : '403'}`, async () => {
        const { api } = t;
        const sample = samples[endpoint.id];
        if (!sample) throw new Error(`no sample for ${endpoint.id}`);
        const input = await sample(api);
        const customerId = endpoint.target ? Number(input.params?.[endpoint.target.param]) : null;
        const before = customerId ? await readCustomer(api.db, customerId) : undefined;
        const effects = customerId ? await sideEffects(api, customerId) : '';
        const options = endpoint.money ? { idempotencyKey: randomUUID() } : undefined;
        const result = await clients[role].call(endpoint, input, options);
        if (allowed) {
          expect(result.status, JSON.stringify(result.json)).toBeGreaterThanOrEqual(200);
          expect(result.status).toBeLessThan(300);
        } else {
          expect(result.status).toBe(403);
          expect(result.error).toEqual({ detail: 'Insufficient permissions', code: 'forbidden' });
          if (customerId) {
            expect(await readCustomer(api.db, customerId)).toEqual(before);
            expect(await sideEffects(api, customerId)).toBe(effects);
          }
        }
      });
    }
  }
});
