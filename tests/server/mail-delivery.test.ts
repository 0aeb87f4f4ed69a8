import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ConfigError } from '../../server/config';
import { charges, outbox } from '../../server/db/schema';
import { deliverDueEmails, smtpTransport, startMailDelivery } from '../../server/mail/delivery';
import { queueEmail } from '../../server/mail/outbox';
import { type MailSettings, mailDefaults, mailSettingsFrom } from '../../server/mail/settings';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type SmtpInbox, startSmtpInbox } from './support/smtp-inbox';
import { type Client, testSecret, useTestApi } from './support/test-api';

describe('mail settings', () => {
  it('deliver nothing without SMTP_URL: e-mails stay PENDING in the outbox', () => {
    expect(mailSettingsFrom({})).toBeNull();
  });

  it('take the sender from MAIL_FROM and refuse a URL that is not smtp:// or smtps://', () => {
    expect(
      mailSettingsFrom({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'Ops <ops@example.com>' }),
    ).toMatchObject({ smtpUrl: 'smtp://mail.example.com:587', from: 'Ops <ops@example.com>' });
    expect(() => mailSettingsFrom({ SMTP_URL: 'http://mail.example.com' })).toThrow(ConfigError);
    expect(() => mailSettingsFrom({ SMTP_URL: 'not a url' })).toThrow(ConfigError);
  });
});

describeEachBackend('mail delivery over SMTP', (backend) => {
  const t = useTestApi(backend);
  let inbox: SmtpInbox;
  let settings: MailSettings;
  let transport: Transporter;
  let staff: Client;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    settings = {
      ...mailDefaults,
      smtpUrl: inbox.url,
      from: 'Loupe <no-reply@loupe.test>',
      backoffBaseMs: 1,
      pollMs: 20,
    };
    transport = smtpTransport(settings);
    staff = await t.api.signIn('SUPPORT_MASTER');
  });
  afterEach(async () => {
    inbox.refuse = () => null;
    inbox.messages.length = 0;
    inbox.offered = 0;
    // Each test looks at its own e-mails only.
    await t.api.db.execute(sql`update outbox set status = 'SENT' where status in ('PENDING', 'SENDING')`);
  });
  afterAll(async () => {
    transport.close();
    await inbox.close();
  });

  async function rowOf(id: number) {
    const [row] = await t.api.db.select().from(outbox).where(eq(outbox.id, id));
    return row;
  }

  /** Passes until nothing is due or retrying any more (backoff here is a millisecond). */
  async function deliverUntilSettled() {
    for (let pass = 0; pass < 50; pass += 1) {
      const result = await deliverDueEmails(t.api.db, transport, settings);
      const {
        rows: [due],
      } = await t.api.db.execute<{ count: number }>(
        sql`select count(*)::int as count from outbox where status in ('PENDING', 'SENDING')`,
      );
      if (result.sent + result.retrying + result.failed === 0 && due?.count === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the outbox did not settle');
  }

  it('sends the invoice e-mail: subject, recipient, cc and the PDF arrive; the row is SENT once', async () => {
    const customer = await insertCustomer(t.api.db, { currency: 'EUR', ccEmails: ['accounts@example.org'] });
    const [charge] = await t.api.db
      .insert(charges)
      .values({
        customerId: customer.id,
        kind: 'CHARGE',
        status: 'SUCCEEDED',
        amount: 4900,
        currency: 'EUR',
        purpose: 'SUBSCRIPTION',
        description: 'Subscription: October 2026',
        chargingVendor: 'Stripe',
      })
      .returning();
    const sent = await staff.post(t.api.charges.sendInvoice, { id: charge?.id ?? 0 });
    expect(sent.status).toBe(200);
    expect((await rowOf(sent.json.outbox_id))?.status).toBe('PENDING');

    await deliverUntilSettled();

    expect(inbox.messages).toHaveLength(1);
    const [message] = inbox.messages;
    expect(message?.subject).toMatch(/^Your invoice .* \(€49\.00\)$/);
    expect(message?.to && 'text' in message.to ? message.to.text : '').toBe(customer.email);
    expect(message?.cc && 'text' in message.cc ? message.cc.text : '').toBe('accounts@example.org');
    expect(message?.from?.text).toContain('no-reply@loupe.test');
    const [attachment] = message?.attachments ?? [];
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toMatch(/\.pdf$/);
    expect(attachment?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const row = await rowOf(sent.json.outbox_id);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(row?.sentAt).not.toBeNull();
    expect(row?.providerMessageId).toBe(message?.messageId);
  });

  it('retries a server that refuses three times, then delivers the message once with four attempts recorded', async () => {
    const customer = await insertCustomer(t.api.db);
    inbox.refuse = (offer) => (offer <= 3 ? { code: 451, message: 'Greylisted, try again later' } : null);
    const reset = await staff.post(t.api.userActions.sendResetPasswordEmail, { user_id: customer.id });
    expect(reset.status).toBe(200);

    await deliverUntilSettled();

    expect(inbox.offered).toBe(4);
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]?.subject).toBe('Reset your password');
    expect(inbox.messages[0]?.text).toContain('/reset-password/');
    expect(await rowOf(reset.json.outbox_id)).toMatchObject({ status: 'SENT', attempts: 4, lastError: null });
  });

  it('records a permanent refusal as FAILED with the server’s answer, after one attempt', async () => {
    inbox.refuse = () => ({ code: 550, message: 'Mailbox unavailable' });
    const id = await queueEmail(t.api.db, {
      template: 'WELCOME_BACK',
      recipient: 'gone@example.net',
      customerId: null,
      payload: {},
    });

    await deliverUntilSettled();

    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, sentAt: null });
    expect(row?.lastError).toContain('550');
    expect(row?.lastError).toContain('Mailbox unavailable');
    expect(inbox.messages).toHaveLength(0);
  });

  it('gives up on a server that keeps refusing after the last attempt, keeping the last error', async () => {
    inbox.refuse = () => ({ code: 421, message: 'Service not available' });
    const id = await queueEmail(t.api.db, {
      template: 'WELCOME_BACK',
      recipient: 'later@example.net',
      customerId: null,
      payload: {},
    });

    await deliverUntilSettled();

    expect(inbox.offered).toBe(settings.maxAttempts);
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', attempts: settings.maxAttempts });
    expect((await rowOf(id))?.lastError).toContain('421');
  });

  it('takes over an e-mail whose sender died mid-send once its claim lapses', async () => {
    const id = await queueEmail(t.api.db, {
      template: 'WELCOME_BACK',
      recipient: 'lapsed@example.net',
      customerId: null,
      payload: {},
    });
    await t.api.db
      .update(outbox)
      .set({ status: 'SENDING', attempts: 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));

    await deliverUntilSettled();

    expect(inbox.messages.map((message) => message.subject)).toEqual(['Welcome back']);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('shares the outbox between two workers: every e-mail arrives exactly once', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      ids.push(
        await queueEmail(t.api.db, {
          template: 'SUPPORT_FOLLOW_UP',
          recipient: `many${n}@example.net`,
          customerId: null,
          payload: { subject: `Follow-up ${n}` },
        }),
      );
    }
    const workers = [startMailDelivery(t.api.db, { ...settings, batchSize: 3 }), startMailDelivery(t.api.db, settings)];
    try {
      await expect
        .poll(async () => (await Promise.all(ids.map(rowOf))).every((row) => row?.status === 'SENT'), {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    const subjects = inbox.messages.map((message) => message.subject).sort();
    expect(subjects).toEqual(ids.map((_, n) => `Follow-up ${n}`).sort());
  });

  it('runs in the server process: an app built with SMTP settings delivers what a call queued', async () => {
    const app = await buildApp({ database: t.api.database, config: { jwtSecret: testSecret }, mail: settings });
    await app.ready();
    try {
      const customer = await insertCustomer(t.api.db);
      const sent = await staff.post(
        t.api.userActions.sendEmail,
        { user_id: customer.id },
        { template: 'TRIAL_EXTENDED', note: 'Two more weeks.' },
      );
      expect(sent.status).toBe(200);
      await expect.poll(async () => (await rowOf(sent.json.outbox_id))?.status, { timeout: 10_000 }).toBe('SENT');
      expect(inbox.messages[0]?.subject).toBe('Trial extended');
      expect(inbox.messages[0]?.text).toContain('Two more weeks.');
    } finally {
      await app.close();
    }
  });
});
