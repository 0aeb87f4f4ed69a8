import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, outbox } from '../../server/db/schema';
import { deliverDueEmails, smtpTransport } from '../../server/mail/delivery';
import { type MailSettings, mailDefaults } from '../../server/mail/settings';
import { type MailCapture, startMailCapture } from '../../tools/stand-in-mail/capture';
import { insertCustomer } from './support/fixtures';
import { type Client, type TestApi, testApi } from './support/test-api';

describe('the mail capture and the outbox’s delivered e-mails', () => {
  let capture: MailCapture;
  let api: TestApi;
  let settings: MailSettings;
  let transport: Transporter;
  let admin: Client;
  let support: Client;

  beforeAll(async () => {
    capture = await startMailCapture({ smtpPort: 0, httpPort: 0, keep: 100 });
    api = await testApi({ config: { mailCaptureUrl: capture.httpUrl } });
    settings = { ...mailDefaults, smtpUrl: capture.smtpUrl, from: 'Loupe <no-reply@loupe.test>', backoffBaseMs: 1 };
    transport = smtpTransport(settings);
    admin = await api.signIn('ADMIN');
    support = await api.signIn('SUPPORT_PL1');
  });
  afterAll(async () => {
    transport.close();
    await api?.close();
    await capture?.close();
  });

  async function sendInvoiceTo(customerId: number): Promise<number> {
    const [charge] = await api.db
      .insert(charges)
      .values({
        customerId,
        kind: 'CHARGE',
        status: 'SUCCEEDED',
        amount: 4900,
        currency: 'EUR',
        purpose: 'SUBSCRIPTION',
        description: 'Subscription: October 2026',
        chargingVendor: 'Stripe',
      })
      .returning();
    const sent = await admin.post(api.charges.sendInvoice, { id: charge?.id ?? 0 });
    expect(sent.status).toBe(200);
    return sent.json.outbox_id;
  }

  it('opens a delivered invoice e-mail as the capture received it: subject, body, the PDF', async () => {
    const customer = await insertCustomer(api.db, { currency: 'EUR' });
    const id = await sendInvoiceTo(customer.id);
    expect((await deliverDueEmails(api.db, transport, settings)).sent).toBeGreaterThanOrEqual(1);
    expect(capture.size()).toBeGreaterThanOrEqual(1);

    const shown = await support.get(api.outbox.customerShow, { user_id: customer.id, email_id: id });
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ id, status: 'SENT', source: 'CAPTURED', to: [customer.email] });
    expect(shown.json.subject).toMatch(/^Your invoice .* \(€49\.00\)$/);
    expect(shown.json.text).toContain('is attached');
    expect(shown.json.html).toContain('<p>');
    expect(shown.json.html).not.toMatch(/<script/i);
    const [pdf] = shown.json.attachments;
    expect(pdf).toMatchObject({ content_type: 'application/pdf' });
    expect(pdf?.filename).toMatch(/\.pdf$/);
    expect(
      Buffer.from(pdf?.content_base64 ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [row] = await api.db.select().from(outbox).where(eq(outbox.id, id));
    expect(shown.json.message_id).toBe(row?.providerMessageId);
  });

  it('composes an e-mail not delivered yet (or no longer in the capture) from its row, marked COMPOSED', async () => {
    const customer = await insertCustomer(api.db);
    const reset = await admin.post(api.userActions.sendResetPasswordEmail, { user_id: customer.id });
    const shown = await admin.get(api.outbox.show, { email_id: reset.json.outbox_id });
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ status: 'PENDING', source: 'COMPOSED', subject: 'Reset your password' });
    expect(shown.json.text).toContain('/reset-password/');
    await api.db.execute(sql`update outbox set status = 'SENT' where id = ${reset.json.outbox_id}`);
  });

  it('shows an e-mail only on its own customer, and across customers only to roles that see every customer', async () => {
    const customer = await insertCustomer(api.db);
    const other = await insertCustomer(api.db);
    const reset = await admin.post(api.userActions.sendResetPasswordEmail, { user_id: customer.id });
    const id = reset.json.outbox_id;
    expect((await support.get(api.outbox.customerShow, { user_id: other.id, email_id: id })).status).toBe(404);
    expect((await support.get(api.outbox.customerShow, { user_id: customer.id, email_id: 999_999 })).status).toBe(404);
    expect((await support.get(api.outbox.show, { email_id: id })).status).toBe(403);
    expect((await support.post(api.outbox.list, { page_size: 10 })).status).toBe(403);
    expect((await admin.get(api.outbox.show, { email_id: 999_999 })).status).toBe(404);
  });

  it('answers a raw message by its Message-ID over HTTP, and 404 for one it never received', async () => {
    expect((await fetch(`${capture.httpUrl}/messages/${encodeURIComponent('nobody@nowhere')}`)).status).toBe(404);
    const [row] = await api.db.select().from(outbox).where(eq(outbox.status, 'SENT')).orderBy(outbox.id).limit(1);
    const raw = await fetch(`${capture.httpUrl}/messages/${encodeURIComponent(row?.providerMessageId ?? '')}`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('message/rfc822');
    expect(await raw.text()).toContain(`Message-ID: ${row?.providerMessageId}`);
  });
});
