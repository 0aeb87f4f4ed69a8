import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { configDefaults } from '../../server/config';
import { auditLog, outbox, promotionLinks } from '../../server/db/schema';
import { checkPromotionToken, promotionToken } from '../../server/marketing/promotion-tokens';
import { describeEachBackend } from './support/backends';
import { type Client, testSecret, useTestApi } from './support/test-api';

const offer = {
  benefit: '50_PERCENT',
  landing_page: 'CHECKOUT',
  source: 'CUSTOMER_MESSAGING',
  action: 'SUBSCRIBE',
  duration: 2,
  duration_unit: 'DAYS',
} as const;

function tokenOf(url: string): string {
  return url.slice(url.indexOf('/p/') + 3);
}

describeEachBackend('offer generator: signed promotion links, verified, listed and revocable', (backend) => {
  const serviceToken = 'app-service-token-for-promotion-tests';
  const t = useTestApi(backend, { appServiceToken: serviceToken });
  let marketer: Client;
  beforeAll(async () => {
    marketer = await t.api.signIn('MARKETER_PLUS');
  });
  const open = (token: string) => t.api.inject({ method: 'GET', url: `/p/${token}` });
  const lookUp = (reference: string, token: string | null = serviceToken) =>
    t.api.inject({
      method: 'GET',
      url: `/integrations/app/promotions/${encodeURIComponent(reference)}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('lets only the customer app look an offer up, only by a genuine reference (another link’s id is refused)', async () => {
    const first = await marketer.get(t.api.marketing.generateLink, {}, offer);
    const second = await marketer.get(t.api.marketing.generateLink, {}, { ...offer, benefit: '25_PERCENT' });
    const referenceOf = async (link: string) =>
      new URL(String((await open(tokenOf(link))).headers.location)).searchParams.get('promotion') ?? '';
    const reference = await referenceOf(first.json.link);
    expect((await lookUp(reference, null)).statusCode).toBe(401);
    expect((await lookUp(reference, 'wrong-token')).statusCode).toBe(401);
    // Swapping the id for another link's keeps the old signature: refused.
    const swapped = reference.replace(/^\d+/, String(second.json.promotion.id));
    expect((await lookUp(swapped)).statusCode).toBe(404);
    for (const odd of [
      '057.x',
      `0x${first.json.promotion.id}`,
      '',
      ' 1',
      'a'.repeat(5000),
      '\u0000',
      '..%2F..',
      '1e3',
    ]) {
      const answer = await lookUp(odd);
      expect(answer.statusCode, odd).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, odd).toBeLessThan(500);
    }
    expect((await marketer.post(t.api.marketing.revokeLink, { link_id: first.json.promotion.id })).status).toBe(200);
    expect((await lookUp(reference)).json().state).toBe('REVOKED');
  });

  it('builds links from the configured public URL, never from the request’s Host or Origin', async () => {
    // Issue 19 item 4: a forged Host used to become the promotion link customers open.
    const forged = { Host: 'evil.example', Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' };
    const promotion = await marketer.get(
      t.api.marketing.generateLink,
      {},
      { ...offer, slug: 'host-probe' },
      { headers: forged },
    );
    expect(promotion.status).toBe(200);
    expect(promotion.json.link.startsWith(`${configDefaults.publicUrl}/p/`)).toBe(true);
    const admin = await t.api.signIn('ADMIN');
    const invited = await admin.post(
      t.api.staffAccounts.invite,
      {},
      { first_name: 'Host', last_name: 'Probe', email: 'host.probe@example.com', role: 'SUPPORT_PL2' },
      { headers: forged },
    );
    expect(invited.status).toBe(200);
    const [mail] = await t.api.db.select().from(outbox).where(eq(outbox.recipient, 'host.probe@example.com'));
    const note = String((mail?.payload as { note?: string } | undefined)?.note);
    expect(note).toContain(`${configDefaults.publicUrl}/set-password#token=`);
    expect(note).not.toContain('evil.example');
  });

  it('answers the form options of the spec', async () => {
    const { json } = await marketer.get(t.api.marketing.linkFormData);
    expect(json.benefit.map((option) => option.value)).toEqual(['50_PERCENT', '25_PERCENT']);
    expect(json.duration_unit.map((option) => option.value)).toEqual(['HOURS', 'DAYS']);
    expect(json.landing_page.map((option) => option.value)).toEqual(['CHECKOUT']);
  });

  it('generates a link that redirects to the landing page with the offer, recorded with who and until when', async () => {
    const started = Date.now();
    const result = await marketer.get(t.api.marketing.generateLink, {}, { ...offer, slug: 'Spring-Sale' });
    expect(result.status).toBe(200);
    const { link, promotion } = result.json;
    expect(link).toMatch(/^http:\/\/[^/]+\/p\/[\w-]+\.[\w-]+$/);
    expect(promotion).toMatchObject({ benefit: '50_PERCENT', slug: 'spring-sale', state: 'ACTIVE' });
    expect(promotion.created_by).toBe('MARKETER Tester');
    // Two days from when it was generated (to the second), whatever the machine's load made the call take.
    const expires = Date.parse(promotion.expires_at);
    expect(expires).toBeGreaterThanOrEqual(started - 1000 + 48 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 48 * 3_600_000);
    const landing = await open(tokenOf(link));
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location));
    expect(target.pathname).toBe('/checkout');
    // Issue 19 item 8: only a signed reference to the link travels; the app looks the offer up.
    expect([...target.searchParams.keys()]).toEqual(['promotion']);
    expect(target.search).not.toMatch(/50_PERCENT|SUBSCRIBE|spring-sale/);
    const reference = target.searchParams.get('promotion') ?? '';
    expect(reference.startsWith(`${promotion.id}.`)).toBe(true);
    const lookedUp = await lookUp(reference);
    expect(lookedUp.statusCode, lookedUp.body).toBe(200);
    expect(lookedUp.json()).toMatchObject({
      id: promotion.id,
      offer: '50_PERCENT',
      action: 'SUBSCRIBE',
      landing_page: 'CHECKOUT',
      campaign: 'spring-sale',
      state: 'ACTIVE',
    });
    const audit = await t.api.db.select().from(auditLog).where(eq(auditLog.callId, 'marketing.generateLink'));
    expect(audit.length).toBeGreaterThan(0);
    const { json } = await marketer.get(t.api.marketing.links);
    expect(json.links.find((row) => row.id === promotion.id)).toMatchObject({ url: link, state: 'ACTIVE' });
  });

  it('refuses a tampered link: another benefit, a cut signature, garbage', async () => {
    const { json } = await marketer.get(t.api.marketing.generateLink, {}, { ...offer, benefit: '25_PERCENT' });
    const [payload, signature] = tokenOf(json.link).split('.');
    const decoded = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, b: '50_PERCENT' })).toString('base64url');
    for (const token of [`${forged}.${signature}`, `${payload}.${signature?.slice(1)}`, 'nonsense', `${payload}`]) {
      const page = await open(token);
      expect(page.statusCode, token).toBe(400);
      expect(page.body).toContain('This link is not valid');
      expect(page.headers.location).toBeUndefined();
    }
  });

  it('refuses an expired link with a page saying so', async () => {
    const { json } = await marketer.get(
      t.api.marketing.generateLink,
      {},
      { ...offer, duration: 1, duration_unit: 'HOURS' },
    );
    const id = json.promotion.id;
    const expired = promotionToken(testSecret, {
      id,
      benefit: '50_PERCENT',
      expires: Math.floor(Date.now() / 1000) - 5,
    });
    const page = await open(expired);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This offer has expired');
    expect(checkPromotionToken(testSecret, tokenOf(json.link), Date.now() + 3_600_001)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('revokes a link: it stops working, shows as revoked, and cannot be revoked twice', async () => {
    const { json } = await marketer.get(t.api.marketing.generateLink, {}, offer);
    expect((await open(tokenOf(json.link))).statusCode).toBe(302);
    const revoked = await marketer.post(t.api.marketing.revokeLink, { link_id: json.promotion.id });
    expect(revoked.status).toBe(200);
    expect(revoked.json.promotion.state).toBe('REVOKED');
    expect(revoked.json.promotion.quick_actions[0]).toMatchObject({ name: 'REVOKE_LINK', is_disabled: true });
    const page = await open(tokenOf(json.link));
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('withdrawn');
    expect((await marketer.post(t.api.marketing.revokeLink, { link_id: json.promotion.id })).status).toBe(409);
    expect((await marketer.post(t.api.marketing.revokeLink, { link_id: 987_654 })).status).toBe(404);
  });

  it('refuses bad options with 400 and a taken slug with 409, storing nothing', async () => {
    const before = (await t.api.db.select().from(promotionLinks)).length;
    for (const query of [
      { ...offer, benefit: '90_PERCENT' },
      { ...offer, duration: 0 },
      { ...offer, duration: 91, duration_unit: 'DAYS' },
      { ...offer, slug: 'no spaces' },
    ]) {
      const result = await marketer.get(t.api.marketing.generateLink, {}, query as typeof offer);
      expect(result.status, JSON.stringify(query)).toBe(400);
    }
    await marketer.get(t.api.marketing.generateLink, {}, { ...offer, slug: 'only-once' });
    const again = await marketer.get(t.api.marketing.generateLink, {}, { ...offer, slug: 'only-once' });
    expect(again.status).toBe(409);
    expect(again.error.field).toBe('slug');
    expect((await t.api.db.select().from(promotionLinks)).length).toBe(before + 1);
  });
});
