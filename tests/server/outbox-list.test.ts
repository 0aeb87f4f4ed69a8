import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { api } from '../../domain/api';
import { outbox } from '../../server/db/schema';
import { queueEmail } from '../../server/mail/outbox';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type CallResult, type Client, useTestApi } from './support/test-api';

describeEachBackend('the outbox list', (backend) => {
  const t = useTestApi(backend);
  let pl1: Client;
  let admin: Client;
  beforeAll(async () => {
    pl1 = await t.api.signIn('SUPPORT_PL1');
    admin = await t.api.signIn('ADMIN');
  });

  const byCustomer = (id: number) => ({ kind: 'number' as const, column: 'user_id', op: 'eq' as const, value: id });

  it('shows what was sent to one customer, newest first, with status, attempts, sent time and error', async () => {
    const customer = await insertCustomer(t.api.db);
    const other = await insertCustomer(t.api.db);
    const reset = await pl1.post(t.api.userActions.sendResetPasswordEmail, { user_id: customer.id });
    const link = await pl1.post(
      t.api.userActions.sendPaymentLink,
      { user_id: customer.id },
      { link: 'UPDATE_PAYMENT_METHOD' },
    );
    await pl1.post(t.api.userActions.sendResetPasswordEmail, { user_id: other.id });
    await t.api.db
      .update(outbox)
      .set({ status: 'FAILED', attempts: 1, lastError: '550 Mailbox unavailable' })
      .where(eq(outbox.id, reset.json.outbox_id));

    const answer = await pl1.post(t.api.outbox.customerList, { user_id: customer.id }, {});
    expect(answer.status).toBe(200);
    // The same customer through the list across customers: refused to a role that does not see every customer.
    expect((await pl1.post(t.api.outbox.list, undefined, { filters: [byCustomer(customer.id)] })).status).toBe(403);
    const across = await admin.post(t.api.outbox.list, undefined, { filters: [byCustomer(customer.id)] });
    expect(across.json.emails).toEqual(answer.json.emails);
    expect((await pl1.post(t.api.outbox.customerList, { user_id: 987_654_321 }, {})).status).toBe(404);
    expect(answer.json.meta.total_number_of_emails).toBe(2);
    expect(answer.json.emails.map((email) => email.id)).toEqual([link.json.outbox_id, reset.json.outbox_id]);
    expect(answer.json.emails[1]).toMatchObject({
      user_id: customer.id,
      recipient: customer.email,
      template: 'RESET_PASSWORD',
      subject: 'Reset your password',
      status: 'FAILED',
      attempts: 1,
      sent_at: null,
      last_error: '550 Mailbox unavailable',
    });
    expect(answer.json.emails[0]).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      subject: expect.stringContaining('payment link'),
    });
    expect(answer.json.headers.map((header) => header.key)).toEqual(
      expect.arrayContaining([
        'created_at',
        'user_id',
        'recipient',
        'subject',
        'status',
        'attempts',
        'sent_at',
        'last_error',
      ]),
    );
  });

  it('filters by status and pages by cursor', async () => {
    const customer = await insertCustomer(t.api.db);
    const ids: number[] = [];
    for (let n = 0; n < 5; n += 1) {
      ids.push(
        await queueEmail(t.api.db, {
          template: 'WELCOME_BACK',
          recipient: customer.email,
          customerId: customer.id,
          payload: {},
        }),
      );
    }
    await t.api.db
      .update(outbox)
      .set({ status: 'SENT', sentAt: '2026-11-01T10:00:00Z' })
      .where(eq(outbox.id, ids[0] ?? 0));
    const sent = await admin.post(t.api.outbox.list, undefined, {
      filters: [byCustomer(customer.id), { kind: 'multi', column: 'status', op: 'equal', value: ['SENT'] }],
    });
    expect(sent.json.emails.map((email) => [email.id, email.sent_at])).toEqual([[ids[0], '2026-11-01T10:00:00Z']]);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: CallResult<typeof api.outbox.list> = await admin.post(t.api.outbox.list, undefined, {
        filters: [byCustomer(customer.id)],
        sort: { column: 'id', direction: 'asc' },
        page_size: 2,
        cursor,
      });
      expect(page.status).toBe(200);
      seen.push(...page.json.emails.map((email) => email.id));
      cursor = page.json.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it('refuses a filter on a column it does not have with a 400 naming it', async () => {
    const answer = await admin.post(t.api.outbox.list, undefined, {
      filters: [{ kind: 'text', column: 'payload', op: 'includes', value: 'x' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.error.detail).toContain('payload');
  });
});
