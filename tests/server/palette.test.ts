import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, paletteUses } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertPartner } from './support/partners';
import { insertModels, insertProfile, insertProject } from './support/profiles';
import type { Client } from './support/test-api';
import { useTestApi } from './support/test-api';

describeEachBackend('palette: a pasted identifier finds its record, and frecency follows the person', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  let agent: Client;
  const made = { customer: 0, other: 0, charge: 0, project: 0, profile: 0, model: 0, partnerRef: '' };
  let chargeYear = 0;

  beforeAll(async () => {
    const { db } = t.api;
    admin = await t.api.signIn('ADMIN');
    agent = await t.api.signIn('SUPPORT_PL1');
    const scook = await insertCustomer(db, { email: 'scook@palette.example', firstName: 'Sam', lastName: 'Cook' });
    await insertCustomer(db, { email: 'scook47@palette.example', firstName: 'Sid', lastName: 'Cooke' });
    made.customer = scook.id;
    made.other = (await insertCustomer(db, { email: 'other@palette.example' })).id;
    const [charge] = await db
      .insert(charges)
      .values({
        customerId: scook.id,
        kind: 'CHARGE',
        status: 'SUCCEEDED',
        amount: 18_750,
        currency: 'USD',
        purpose: 'SUBSCRIPTION',
        description: 'Monthly plan',
        chargingVendor: 'SANDBOX',
      })
      .returning();
    made.charge = charge?.id ?? 0;
    chargeYear = Number(charge?.createdAt.slice(0, 4));
    made.project = (await insertProject(db, scook.id, { name: 'Cook wedding' })).id;
    const profile = await insertProfile(db, scook.id);
    made.profile = profile.id;
    made.model = (await insertModels(db, profile, ['READY']))[0]?.id ?? 0;
    made.partnerRef = (await insertPartner(db, { ref: 'SunnyStudio' })).ref;
  });

  const find = (who: Client, q: string) => who.get(t.api.palette.find, {}, { q });
  const kindsFound = async (who: Client, q: string) =>
    (await find(who, q)).json.records.map((record) => `${record.kind}:${record.key}`);

  describe('find', () => {
    it('ranks the customer whose whole local part was typed before longer ones (scook → scook@ before scook47@)', async () => {
      const { json } = await find(admin, 'scook');
      expect(json.customers.map((row) => row.email).slice(0, 2)).toEqual([
        'scook@palette.example',
        'scook47@palette.example',
      ]);
    });

    it('finds a whole e-mail, and lists the customer once', async () => {
      const { json } = await find(admin, 'SCOOK@palette.example');
      expect(json.customers.map((row) => row.id)).toEqual([made.customer]);
    });

    it('reads #id, a bare id and “project #id” as record numbers', async () => {
      expect(await kindsFound(admin, `#${made.customer}`)).toContain(`customer:${made.customer}`);
      expect(await kindsFound(admin, String(made.charge))).toContain(`charge:${made.charge}`);
      expect(await kindsFound(admin, `project #${made.project}`)).toEqual([`project:${made.project}`]);
      expect(await kindsFound(admin, `Profile ${made.profile}`)).toEqual([`profile:${made.profile}`]);
      const [model] = (await find(admin, `model #${made.model}`)).json.records;
      expect(model).toMatchObject({ title: `Model #${made.model} · Model 1`, path: `/models/${made.model}` });
      expect(model?.customer).toMatchObject({ id: made.customer, email: 'scook@palette.example' });
    });

    it('finds a charge by its invoice number, with its amount and customer', async () => {
      const number = `LP-${chargeYear}-${String(made.charge).padStart(7, '0')}`;
      const [record] = (await find(admin, number)).json.records;
      expect(record).toMatchObject({
        kind: 'charge',
        key: String(made.charge),
        path: `/users/${made.customer}/charges`,
      });
      expect(record?.detail).toContain('$187.50');
      expect((await find(admin, `LP-${chargeYear - 1}-${String(made.charge).padStart(7, '0')}`)).json.records).toEqual(
        [],
      );
    });

    it('finds the customer of a console path, and a partner by ref (any case)', async () => {
      expect(await kindsFound(admin, `/users/${made.customer}/credits`)).toEqual([`customer:${made.customer}`]);
      expect(await kindsFound(admin, made.partnerRef.toLowerCase())).toEqual([expect.stringMatching(/^partner:/)]);
    });

    it('never names a record the caller may not open: a marketer no model, an agent no partner', async () => {
      const marketer = await t.api.signIn('MARKETER_PLUS');
      expect(await kindsFound(marketer, `model #${made.model}`)).toEqual([]);
      expect(await kindsFound(admin, `model #${made.model}`)).toEqual([`model:${made.model}`]);
      expect(await kindsFound(agent, made.partnerRef)).toEqual([]);
      expect(await kindsFound(agent, `#${made.customer}`)).toContain(`customer:${made.customer}`);
    });

    it('finds nothing, and answers 200, for unknown ids and odd text', async () => {
      for (const q of [
        '#2147483647',
        '#99999999999',
        '#',
        '%00',
        '%',
        '_',
        'LP-2026-9999999',
        '/p/nothing',
        '/l/none',
      ]) {
        const result = await find(admin, q);
        expect(result.status, q).toBe(200);
        expect(result.json.records, q).toEqual([]);
      }
    });

    it('refuses text past 200 characters and a NUL with 400; a lone surrogate (sent as U+FFFD) finds nothing', async () => {
      for (const q of ['x'.repeat(201), 'a\u0000b']) {
        const result = await find(admin, q);
        expect(result.status, JSON.stringify(q)).toBe(400);
      }
      const surrogate = await find(admin, '\ud800');
      expect(surrogate.status).toBe(200);
      expect(surrogate.json).toEqual({ records: [], customers: [] });
    });
  });

  describe('uses (frecency kept on the server)', () => {
    it('counts uses per staff member and answers them from any session, most frecent first', async () => {
      const first = await admin.post(
        t.api.palette.recordUses,
        {},
        {
          uses: [
            { key: 'user.give-credit' },
            { key: `user:${made.customer}`, label: { name: 'Sam Cook', email: 'scook@palette.example' } },
          ],
        },
      );
      expect(first.status).toBe(200);
      await admin.post(t.api.palette.recordUses, {}, { uses: [{ key: 'user.give-credit' }] });
      const elsewhere = await t.api.signIn('ADMIN');
      const { json } = await elsewhere.get(t.api.palette.uses);
      expect(json.uses[0]).toMatchObject({ key: 'user.give-credit', label: null });
      expect(json.uses[0]?.weight).toBeGreaterThan(1.99);
      expect(json.uses[1]).toMatchObject({
        key: `user:${made.customer}`,
        label: { name: 'Sam Cook', email: 'scook@palette.example' },
      });
      expect((await agent.get(t.api.palette.uses)).json.uses).toEqual([]);
    });

    it('weighs an old use less: halved each week', async () => {
      const weekAgo = new Date(Date.now() - 7 * 24 * 3_600_000).toISOString();
      await admin.post(t.api.palette.recordUses, {}, { uses: [{ key: 'go.models' }] });
      await t.api.db.update(paletteUses).set({ usedAt: weekAgo }).where(eq(paletteUses.key, 'go.models'));
      const { json } = await admin.get(t.api.palette.uses);
      const old = json.uses.find((use) => use.key === 'go.models');
      expect(old?.weight).toBeCloseTo(0.5, 2);
    });

    it('refuses bad keys and bodies with 400 and writes nothing', async () => {
      const before = await t.api.db.select().from(paletteUses);
      for (const body of [
        { uses: [] },
        { uses: [{ key: 'user:057' }] },
        { uses: [{ key: 'DROP TABLE' }] },
        { uses: [{ key: 'user.give-credit', extra: 1 }] },
        { uses: Array.from({ length: 21 }, () => ({ key: 'go.models' })) },
        { uses: [{ key: 'user:1', label: { name: '\ud800', email: '' } }] },
      ]) {
        expect((await admin.post(t.api.palette.recordUses, {}, body)).status).toBe(400);
      }
      expect(await t.api.db.select().from(paletteUses)).toEqual(before);
    });
  });
});
