import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, expect, it } from 'vitest';
import { invoiceSignature } from '../../server/charges/invoice-links';
import { charges, customers, invoices, outbox } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, testSecret, useTestApi } from './support/test-api';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describeEachBackend('invoices: PDF, signed links, regenerate, send', (backend) => {
  const t = useTestApi(backend);
  let pl1: Client;
  beforeAll(async () => {
    pl1 = await t.api.signIn('SUPPORT_PL1');
  });

  /** A German studio with a VAT id (reverse charge) or a French consumer (20 % VAT), and one charge of theirs. */
  async function chargedCustomer(kind: 'business' | 'consumer', status: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED') {
    const customer = await insertCustomer(t.api.db, {
      firstName: kind === 'business' ? 'Jonas' : 'Camille',
      lastName: kind === 'business' ? 'Becker' : 'Moreau',
      businessName: kind === 'business' ? 'Becker Fotografie' : null,
      vatId: kind === 'business' ? 'DE123456789' : null,
      country: kind === 'business' ? 'DE' : 'FR',
      address: kind === 'business' ? '12 Torstraße, Berlin' : '4 Rue Oberkampf, Paris',
      currency: 'EUR',
      ccEmails: ['accounts@example.org'],
    });
    const [charge] = await t.api.db
      .insert(charges)
      .values({
        customerId: customer.id,
        kind: 'CHARGE',
        status,
        amount: 4900,
        currency: 'EUR',
        purpose: 'SUBSCRIPTION',
        description: 'Subscription: October 2026',
        chargingVendor: 'Stripe',
        createdAt: '2026-10-03T10:00:00Z',
        ...(status === 'FAILED' ? { failureCode: 'expired_card', failureMessage: 'card expired' } : {}),
      })
      .returning();
    if (!charge) throw new Error('charge not inserted');
    return { customer, charge };
  }

  async function download(chargeId: number) {
    const link = await pl1.get(t.api.charges.invoiceUrl, { id: chargeId });
    expect(link.status).toBe(200);
    return { link: link.json, response: await t.api.inject({ method: 'GET', url: link.json.url }) };
  }

  it('serves a real PDF behind a signed link: customer, VAT id, reverse charge, totals and currency', async () => {
    const { charge } = await chargedCustomer('business');
    const { link, response } = await download(charge.id);
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(290_000);
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(300_000);
    expect(link.filename).toBe(`invoice-LP-2026-${String(charge.id).padStart(7, '0')}-v1.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(link.filename);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'Invoice',
      `LP-2026-${String(charge.id).padStart(7, '0')}`,
      'Loupe Photo AI Ltd.',
      'Becker Fotografie',
      'Jonas Becker',
      '12 Torstraße, Berlin',
      'Germany',
      'VAT id: DE123456789',
      'Subscription: October 2026',
      'Subtotal',
      '€49.00',
      'Total (EUR)',
      'Reverse charge',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/VAT 0 % €0\.00/);
  });

  it('adds the customer country’s VAT for a consumer, included in the amount charged', async () => {
    const { charge } = await chargedCustomer('consumer');
    const text = await pdfText((await download(charge.id)).response.rawPayload);
    // €49.00 charged = €40.83 + 20 % VAT €8.17.
    expect(text).toContain('Camille Moreau');
    expect(text).toContain('France');
    expect(text).toMatch(/Subtotal €40\.83/);
    expect(text).toMatch(/VAT 20 % €8\.17/);
    expect(text).toMatch(/Total \(EUR\) €49\.00/);
  });

  it('refuses an altered or expired link with 403 and a clear message', async () => {
    const { charge } = await chargedCustomer('business');
    const { link } = await download(charge.id);
    const url = new URL(link.url, 'http://loupe.test');
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${url.searchParams.get('signature')?.slice(0, -2)}AA`);
    const bad = await t.api.inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}` });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ code: 'invoice_link_invalid' });
    const otherVersion = new URL(url);
    otherVersion.searchParams.set('version', '2');
    expect(
      (await t.api.inject({ method: 'GET', url: `${otherVersion.pathname}${otherVersion.search}` })).statusCode,
    ).toBe(403);
    const otherCharge = `${url.pathname.replace(`/${charge.id}/`, `/${charge.id + 1}/`)}${url.search}`;
    expect((await t.api.inject({ method: 'GET', url: otherCharge })).json()).toMatchObject({
      code: 'invoice_link_invalid',
    });

    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = new URL(url);
    expired.searchParams.set('expires', String(past));
    expired.searchParams.set('signature', invoiceSignature(testSecret, charge.id, 1, past));
    const late = await t.api.inject({ method: 'GET', url: `${expired.pathname}${expired.search}` });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'invoice_link_expired' });
    expect(late.json().detail).toMatch(/expired/);
  });

  it('regenerates: version 2 with the customer’s new details, version 1 kept and superseded, the link serves v2', async () => {
    const { customer, charge } = await chargedCustomer('business');
    await download(charge.id);
    await t.api.db
      .update(customers)
      .set({ businessName: 'Becker Studio GmbH', address: '1 Neue Straße, Hamburg' })
      .where(eq(customers.id, customer.id));
    const result = await pl1.post(t.api.charges.regenerateInvoice, { user_id: customer.id }, { charge_id: charge.id });
    expect(result.status).toBe(200);
    expect(result.json.invoice).toMatchObject({
      charge_id: charge.id,
      version: 2,
      supersedes_version: 1,
      currency: 'EUR',
    });
    const versions = await t.api.db
      .select()
      .from(invoices)
      .where(eq(invoices.chargeId, charge.id))
      .orderBy(invoices.version);
    expect(versions.map((row) => [row.version, row.customer.businessName])).toEqual([
      [1, 'Becker Fotografie'],
      [2, 'Becker Studio GmbH'],
    ]);
    const text = await pdfText((await download(charge.id)).response.rawPayload);
    expect(text).toContain('Becker Studio GmbH');
    expect(text).toContain('Replaces version 1');
    const list = await pl1.get(t.api.charges.list, { user_id: customer.id });
    expect(list.json.charges[0]?.invoice).toMatchObject({ version: 2 });
  });

  it('gives a failed charge no invoice: no link, no regenerate (409), and another customer’s charge is 404', async () => {
    const { customer, charge } = await chargedCustomer('consumer', 'FAILED');
    const link = await pl1.get(t.api.charges.invoiceUrl, { id: charge.id });
    expect(link.status).toBe(409);
    expect(link.error.code).toBe('no_invoice_for_charge');
    const regenerate = await pl1.post(
      t.api.charges.regenerateInvoice,
      { user_id: customer.id },
      { charge_id: charge.id },
    );
    expect(regenerate.status).toBe(409);
    const other = await chargedCustomer('business');
    const foreign = await pl1.post(
      t.api.charges.regenerateInvoice,
      { user_id: customer.id },
      { charge_id: other.charge.id },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.error.code).toBe('charge_not_found');
  });

  it('sends the invoice: an outbox e-mail to the customer and their cc addresses with the PDF attached', async () => {
    const { customer, charge } = await chargedCustomer('business');
    const result = await pl1.post(t.api.charges.sendInvoice, { id: charge.id });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      recipient: customer.email,
      cc: ['accounts@example.org'],
      invoice: { version: 1 },
    });
    const [mail] = await t.api.db.select().from(outbox).where(eq(outbox.id, result.json.outbox_id));
    const payload = mail?.payload as {
      cc: string[];
      subject: string;
      attachments: { filename: string; content_type: string; content_base64: string }[];
    };
    expect(mail).toMatchObject({ template: 'INVOICE', recipient: customer.email, customerId: customer.id });
    expect(payload.cc).toEqual(['accounts@example.org']);
    expect(payload.subject).toContain('€49.00');
    expect(payload.attachments).toHaveLength(1);
    expect(payload.attachments[0]).toMatchObject({
      content_type: 'application/pdf',
      filename: expect.stringMatching(/-v1\.pdf$/),
    });
    const text = await pdfText(Buffer.from(payload.attachments[0]?.content_base64 ?? '', 'base64'));
    expect(text).toContain('Becker Fotografie');
    const timeline = await pl1.get(t.api.userDetails.activity, { user_id: customer.id });
    expect(timeline.json.events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['E-mail sent', 'Invoice sent to customer']),
    );
    // Audited against the charge, and shown on its customer's audit tab (not on another customer's).
    const audit = await pl1.get(t.api.userDetails.audit, { user_id: customer.id });
    expect(audit.json.entries.map((entry) => entry.call_id)).toContain('charges.sendInvoice');
    const other = await chargedCustomer('business');
    const theirs = await pl1.get(t.api.userDetails.audit, { user_id: other.customer.id });
    expect(theirs.json.entries.map((entry) => entry.call_id)).not.toContain('charges.sendInvoice');
  });
});
