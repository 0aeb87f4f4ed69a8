import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { appPromotionRedeemPath } from '../../domain/integrations/customer-app';
import { auditLog, promotionLinks, promotionRedemptions } from '../../server/db/schema';
import { isoTimestamp } from '../../server/db/timestamps';
import { promotionReference } from '../../server/marketing/promotion-tokens';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, testSecret, useTestApi } from './support/test-api';

const serviceToken = 'app-service-token-for-redemption-tests';
const offer = {
  benefit: '50_PERCENT',
  landing_page: 'CHECKOUT',
  source: 'CUSTOMER_MESSAGING',
  action: 'SUBSCRIBE',
  duration: 2,
  duration_unit: 'DAYS',
} as const;

describeEachBackend('integrations: the customer app records a promotion link a customer took', (backend) => {
  const t = useTestApi(backend, { appServiceToken: serviceToken });
  let marketer: Client;
  beforeAll(async () => {
    marketer = await t.api.signIn('MARKETER_PLUS');
  });

  /** The redeem call as the customer app makes it: a JSON body (or raw text), its service token unless told. */
  const redeem = (reference: string, body: unknown, bearer: string | null = serviceToken) =>
    t.api.inject({
      method: 'POST',
      url: appPromotionRedeemPath(reference),
      headers: {
        'content-type': 'application/json',
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const newLink = async (slug?: string) => {
    const made = await marketer.get(t.api.marketing.generateLink, {}, slug ? { ...offer, slug } : offer);
    expect(made.status).toBe(200);
    return {
      id: made.json.promotion.id,
      url: made.json.link,
      reference: promotionReference(testSecret, made.json.promotion.id),
    };
  };
  /** What a refused call must leave as it was: every redemption and every redemption audit row. */
  const snapshot = async () => {
    const [uses] = await t.api.db.select({ n: count() }).from(promotionRedemptions);
    const [audits] = await t.api.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.callId, 'integrations.app.promotion_redeemed'));
    return { uses: uses?.n, audits: audits?.n };
  };
  const linkRow = async (id: number) =>
    (await marketer.get(t.api.marketing.links)).json.links.find((row) => row.id === id);

  it('redeems the reference the landing redirect carried: the offer, the customer, when; stored and audited', async () => {
    const link = await newLink('redeem-once');
    const customer = await insertCustomer(t.api.db);
    const landing = await t.api.inject({ method: 'GET', url: new URL(link.url).pathname });
    const reference = new URL(String(landing.headers.location)).searchParams.get('promotion') ?? '';
    const answer = await redeem(reference, { customer_id: customer.id });
    expect(answer.statusCode, answer.body).toBe(200);
    const json = answer.json();
    expect(json).toMatchObject({
      promotion: { id: link.id, offer: '50_PERCENT', action: 'SUBSCRIBE', campaign: 'redeem-once', state: 'ACTIVE' },
      customer: { id: customer.id, email: customer.email },
    });
    const [stored] = await t.api.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.linkId, link.id));
    expect(stored?.customerId).toBe(customer.id);
    expect(json.redeemed_at).toBe(isoTimestamp(stored?.redeemedAt ?? ''));
    const audited = await t.api.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.callId, 'integrations.app.promotion_redeemed'), eq(auditLog.targetId, String(customer.id))),
      );
    expect(audited.map((row) => [row.targetKind, row.status, row.detail])).toEqual([
      ['customer', 200, `Promotion link #${link.id} used`],
    ]);
  });

  it('lets each customer use a link once: a second call (even a retry) answers 409 saying when, and changes nothing', async () => {
    const link = await newLink();
    const customer = await insertCustomer(t.api.db);
    const first = await redeem(link.reference, { customer_id: customer.id });
    expect(first.statusCode).toBe(200);
    const before = await snapshot();
    const again = await redeem(link.reference, { customer_id: customer.id });
    expect([again.statusCode, again.json().code]).toEqual([409, 'promotion_already_redeemed']);
    expect(again.json().detail).toContain(first.json().redeemed_at);
    expect(await snapshot()).toEqual(before);
    // Another customer may still use it; two calls at once for a third: one wins.
    expect((await redeem(link.reference, { customer_id: (await insertCustomer(t.api.db)).id })).statusCode).toBe(200);
    const third = await insertCustomer(t.api.db);
    const racing = await Promise.all([
      redeem(link.reference, { customer_id: third.id }),
      redeem(link.reference, { customer_id: third.id }),
    ]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await linkRow(link.id))?.used_count).toBe(3);
  });

  it('refuses an expired or revoked link with 410 and the reason, leaving the database as it was', async () => {
    const customer = await insertCustomer(t.api.db);
    const expired = await newLink();
    await t.api.db
      .update(promotionLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
      .where(eq(promotionLinks.id, expired.id));
    const revoked = await newLink();
    expect((await marketer.post(t.api.marketing.revokeLink, { link_id: revoked.id })).status).toBe(200);
    const before = await snapshot();
    const late = await redeem(expired.reference, { customer_id: customer.id });
    expect([late.statusCode, late.json().code, late.json().detail]).toEqual([
      410,
      'promotion_expired',
      'This offer has expired: its promotion link can no longer be used',
    ]);
    const withdrawn = await redeem(revoked.reference, { customer_id: customer.id });
    expect([withdrawn.statusCode, withdrawn.json().code]).toEqual([410, 'promotion_withdrawn']);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a tampered reference (400), an unknown customer (404), a wrong or missing service token (401)', async () => {
    const link = await newLink();
    const other = await newLink();
    const customer = await insertCustomer(t.api.db);
    const before = await snapshot();
    const [id, signature] = link.reference.split('.') as [string, string];
    for (const tampered of [
      `${other.id}.${signature}`,
      `${id}.${signature.slice(1)}`,
      `${id}.${signature.slice(0, -1)}A`,
      `0${link.reference}`,
      String(id),
      'nonsense',
      '1e3.x',
    ]) {
      const answer = await redeem(tampered, { customer_id: customer.id });
      expect([answer.statusCode, answer.json().code], tampered).toEqual([400, 'promotion_reference_invalid']);
    }
    const unknown = await redeem(link.reference, { customer_id: 2_000_000_000 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'customer_not_found']);
    for (const bearer of ['wrong-token', null, '']) {
      const answer = await redeem(link.reference, { customer_id: customer.id }, bearer);
      expect([answer.statusCode, answer.json().code], String(bearer)).toEqual([401, 'service_token_invalid']);
    }
    expect(await snapshot()).toEqual(before);
    // None of the refusals used the link up for the customer.
    expect((await redeem(link.reference, { customer_id: customer.id })).statusCode).toBe(200);
  });

  it('answers 400 to deep, odd or ill-typed bodies, never 5xx, storing nothing', async () => {
    const link = await newLink();
    const customer = await insertCustomer(t.api.db);
    const before = await snapshot();
    const deep = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
    for (const body of [
      `${'['.repeat(500)}${']'.repeat(500)}`,
      `{"customer_id":${deep}}`,
      'not json',
      '{"customer_id": 1e400}',
      '[]',
      'null',
      '',
      { customer_id: String(customer.id) },
      { customer_id: -1 },
      { customer_id: 0 },
      { customer_id: 1.5 },
      { customer_id: 2 ** 31 },
      { customer_id: true },
      { customer_id: customer.id, extra: 1 },
      { customer_id: [customer.id] },
      `{"__proto__": {"customer_id": ${customer.id}}}`,
    ]) {
      const answer = await redeem(link.reference, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists how many customers used each link and when the last did; the customer’s Promotions tile names it', async () => {
    const used = await newLink('used-three-times');
    const once = await newLink();
    const unused = await newLink();
    const takers = [await insertCustomer(t.api.db), await insertCustomer(t.api.db), await insertCustomer(t.api.db)];
    const times: string[] = [];
    for (const taker of takers) {
      const answer = await redeem(used.reference, { customer_id: taker.id });
      expect(answer.statusCode).toBe(200);
      times.push(answer.json().redeemed_at);
    }
    const last = await redeem(once.reference, { customer_id: takers[0]?.id });
    expect(last.statusCode).toBe(200);
    const rows = await Promise.all([linkRow(used.id), linkRow(once.id), linkRow(unused.id)]);
    expect(rows.map((row) => [row?.used_count, row?.used])).toEqual([
      [3, '3 times'],
      [1, '1 time'],
      [0, 'Not used'],
    ]);
    // Latest by time, not by text: the server drops trailing zeros of the fraction ('…41.6Z' sorts after '…41.654Z').
    const latest = times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
    expect(rows[0]?.last_used_at).toBe(latest);
    expect(rows[1]?.last_used_at).toBe(last.json().redeemed_at);
    expect(rows[2]?.last_used_at).toBeNull();
    const list = await marketer.get(t.api.marketing.links);
    expect(list.json.headers.map((header) => header.label)).toContain('Used');

    const admin = await t.api.signIn('ADMIN');
    const info = await admin.get(t.api.userDetails.additionalInfo, { user_id: takers[0]?.id ?? 0 });
    const tile = info.json.tiles.find((row) => row.title === 'Promotions');
    const day = String(last.json().redeemed_at).slice(0, 10);
    expect(tile?.value).toBe(`50 % off, link #${once.id}, used ${day}; 50 % off, link used-three-times, used ${day}`);
  });
});
