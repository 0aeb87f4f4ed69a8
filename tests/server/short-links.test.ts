import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from './support/backends';
import { insertPartner } from './support/partners';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('short links: /l/{slug} redirects to the activity’s link and counts every click', (backend) => {
  const t = useTestApi(backend);
  let manager: Client;
  beforeAll(async () => {
    manager = await t.api.signIn('PARTNERS_MANAGER');
  });

  async function clicksOf(slugs: string[]): Promise<Map<string, number>> {
    const result = await t.api.db.execute<{ slug: string; clicks: number }>(
      sql`select slug, clicks::int as clicks from short_links where slug in (${sql.join(
        slugs.map((slug) => sql`${slug}`),
        sql`, `,
      )})`,
    );
    return new Map(result.rows.map((row) => [row.slug, Number(row.clicks)]));
  }

  async function activityWithSlug(slug: string) {
    const partner = await insertPartner(t.api.db);
    const created = await manager.post(
      t.api.partnerActivities.create,
      {},
      {
        partner_id: partner.id,
        type: 'INSTAGRAM_REEL',
        cost: 250,
        base_url: 'https://loupe.example/signup?plan=pro#top',
        utm_source: 'Instagram',
        utm_medium: 'social',
        utm_campaign: `links_${slug.replaceAll('-', '_')}`,
        utm_content: 'reel_01',
        slug,
      },
    );
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    return created.json;
  }

  it('builds the link from base_url and the UTMs (lower-cased, fragment kept) and answers the short link', async () => {
    const activity = await activityWithSlug('spring-reel');
    expect(activity.link).toBe(
      'https://loupe.example/signup?plan=pro&utm_source=instagram&utm_medium=social&utm_campaign=links_spring_reel&utm_content=reel_01#top',
    );
    expect(activity.short_link).toMatch(/^http:\/\/[^/]+\/l\/spring-reel$/);
    expect(activity.clicks).toBe(0);
  });

  it('redirects with 302 every time but counts one click per visitor per minute; the count shows in the activities list', async () => {
    const activity = await activityWithSlug('count-me');
    // The same visitor (address and user agent) three times, then two others: 3 clicks, not 5.
    for (const agent of ['agent-a', 'agent-a', 'agent-a', 'agent-b', 'agent-c']) {
      const opened = await t.api.inject({ method: 'GET', url: '/l/count-me', headers: { 'user-agent': agent } });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(activity.link);
      expect(opened.headers['cache-control']).toBe('no-store');
    }
    // The visitor is kept as a keyed hash: no address, no user agent.
    const visits = await t.api.db.execute<{ visitor: string }>(
      sql`select visitor from short_link_visits where slug = 'count-me'`,
    );
    expect(visits.rows).toHaveLength(3);
    for (const { visitor } of visits.rows) expect(visitor).toMatch(/^[0-9a-f]{32}$/);
    for (const odd of ['x'.repeat(8000), 'ünïcödé 🙂', '', '<script>']) {
      const opened = await t.api.inject({ method: 'GET', url: '/l/count-me', headers: { 'user-agent': odd } });
      expect(opened.statusCode).toBe(302);
    }
    for (const url of ['/l/%00', '/l/%ED%A0%80', `/l/${'a'.repeat(5000)}`, '/l/..%2F..', '/l/COUNT-ME ']) {
      const answer = await t.api.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, url).toBeLessThan(500);
    }
    await t.api.db.execute(sql`delete from short_link_visits where slug = 'count-me'`);
    const list = await manager.post(
      t.api.partnerActivities.filter,
      {},
      { filters: [{ kind: 'text', column: 'slug', op: 'equal', value: 'count-me' }] },
    );
    // 3 visitors, then the 4 odd user agents (4 more visitors).
    expect(list.json.activities[0]?.clicks).toBe(7);
  });

  it('counts every visitor of many at once: N visitors, N clicks read back, a second round in the minute adds none', async () => {
    const slugs = ['burst-one', 'burst-two', 'burst-three'];
    for (const slug of slugs) await activityWithSlug(slug);
    const before = await clicksOf(slugs);
    const sent = 300;
    // All in flight together, so they share batches (and one slug appears many times in one batch).
    const round = () =>
      Promise.all(
        Array.from({ length: sent + 30 }, (_, i) =>
          t.api.inject({
            method: 'GET',
            url: i < sent ? `/l/${slugs[i % slugs.length]}` : `/l/never-made-${i % 3}`,
            headers: { 'user-agent': `visitor-${i}` },
          }),
        ),
      );
    const minute = Math.floor(Date.now() / 60_000);
    const answers = await round();
    // The same 300 visitors again within the minute (unless the minute turned meanwhile: then some count once more).
    const again = await round();
    const turned = Math.floor(Date.now() / 60_000) !== minute;
    expect(again.slice(0, sent).every((answer) => answer.statusCode === 302)).toBe(true);
    expect(answers.slice(0, sent).every((answer) => answer.statusCode === 302)).toBe(true);
    expect(answers.slice(sent).every((answer) => answer.statusCode === 404)).toBe(true);
    const after = await clicksOf(slugs);
    const added = slugs.map((slug) => (after.get(slug) ?? 0) - (before.get(slug) ?? 0));
    if (turned) for (const n of added) expect(n >= 100 && n <= 200).toBe(true);
    else expect(added).toEqual([100, 100, 100]);
    const unknown = await t.api.db.execute<{ n: number }>(
      sql`select count(*)::int as n from short_links where slug like 'never-made-%'`,
    );
    expect(Number(unknown.rows[0]?.n)).toBe(0);
  });

  it('answers an unknown or malformed slug with a plain 404 page, counting nothing', async () => {
    for (const url of ['/l/no-such-link', '/l/BAD_slug', '/l/%00']) {
      const missing = await t.api.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toContain('text/html');
      expect(missing.body, url).toContain('Link not found');
    }
  });

  it('checks slugs: malformed, reserved and taken are not available, with the reason', async () => {
    await activityWithSlug('taken-one');
    const check = async (slug: string) => (await manager.get(t.api.partnerActivities.isValidSlug, {}, { slug })).json;
    expect(await check('fresh-slug')).toEqual({ available: true, reason: null });
    expect((await check('taken-one')).available).toBe(false);
    expect((await check('taken-one')).reason).toMatch(/taken/);
    expect((await check('Bad Slug')).reason).toMatch(/lower-case/);
    expect((await check('admin')).reason).toMatch(/reserved/);
    const partner = await insertPartner(t.api.db);
    const clash = await manager.post(
      t.api.partnerActivities.create,
      {},
      {
        partner_id: partner.id,
        type: 'BLOG',
        cost: 0,
        base_url: 'https://loupe.example/',
        utm_source: 'blog',
        utm_medium: 'referral',
        utm_campaign: 'slug_clash',
        slug: 'taken-one',
      },
    );
    expect(clash.status).toBe(409);
    expect(clash.error.field).toBe('slug');
  });

  it('moves the short link with its activity: a new slug replaces the old one, deleting the activity removes it', async () => {
    const activity = await activityWithSlug('old-name');
    const renamed = await manager.put(
      t.api.partnerActivities.update,
      { activity_id: activity.id },
      { slug: 'new-name', updated_at: activity.updated_at },
    );
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect((await t.api.inject({ method: 'GET', url: '/l/old-name' })).statusCode).toBe(404);
    expect((await t.api.inject({ method: 'GET', url: '/l/new-name' })).statusCode).toBe(302);
    await manager.delete(t.api.partnerActivities.remove, { activity_id: activity.id });
    expect((await t.api.inject({ method: 'GET', url: '/l/new-name' })).statusCode).toBe(404);
  });
});
