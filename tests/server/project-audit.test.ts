import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { api } from '../../domain/api';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertBilledProject, insertProfile } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('the customer’s Audit tab shows actions on their profiles and projects', (backend) => {
  const t = useTestApi(backend);
  let master: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
  });

  it('lists a profile deletion and a project refund of the customer, and none of another customer’s', async () => {
    const customer = await insertCustomer(t.api.db, { currency: 'EUR' });
    const other = await insertCustomer(t.api.db, { currency: 'EUR' });
    const profile = await insertProfile(t.api.db, customer.id);
    const project = await insertBilledProject(t.api.db, customer.id, 2000);
    const elsewhere = await insertBilledProject(t.api.db, other.id, 2000);
    const body = { amount: 3, reason: 'OTHER', description: 'audit', to: 'credit' };
    expect((await master.post(api.profiles.deleteProfile, { profile_id: profile.id })).status).toBe(200);
    const refunded = await master.post(api.refunds.refund, { project_id: project.id }, body, {
      idempotencyKey: randomUUID(),
    });
    expect(refunded.status).toBe(200);
    const refused = await master.post(
      api.refunds.refund,
      { project_id: project.id },
      { ...body, amount: 99 },
      { idempotencyKey: randomUUID() },
    );
    expect(refused.status).toBe(422);
    await master.post(api.refunds.refund, { project_id: elsewhere.id }, body, { idempotencyKey: randomUUID() });

    const audit = await master.get(api.userDetails.audit, { user_id: customer.id });
    const calls = audit.json.entries.map((entry) => `${entry.call_id} ${entry.outcome} ${entry.status}`);
    expect(calls).toEqual(
      expect.arrayContaining(['profiles.deleteProfile ok 200', 'refunds.refund ok 200', 'refunds.refund failed 422']),
    );
    expect(audit.json.entries.filter((entry) => entry.call_id === 'refunds.refund')).toHaveLength(2);
    const theirs = await master.get(api.userDetails.audit, { user_id: other.id });
    expect(theirs.json.entries.map((entry) => entry.call_id)).toEqual(['refunds.refund']);
  });
});
