import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer, readCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('referrals: crossed calls and circles', (backend) => {
  const t = useTestApi(backend);
  let pl1: Client;
  beforeAll(async () => {
    pl1 = await t.api.signIn('SUPPORT_PL1');
  });

  const refer = (referrerId: number, referred: string | number) =>
    pl1.post(t.api.userActions.addReferral, { user_id: referrerId }, { referred_user: String(referred) });

  it('A refers B while B refers A, ten pairs at once: one of each pair is recorded, the other is a 409, never a 5xx', async () => {
    const { api } = t;
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => [await insertCustomer(api.db), await insertCustomer(api.db)] as const),
    );
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [refer(a.id, b.id), refer(b.id, a.email.toUpperCase())]),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(409)]);
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect(answer.error).toMatchObject({ code: 'referral_cycle', field: 'referred_user' });
    }
    for (const [a, b] of pairs) {
      const [storedA, storedB] = [await readCustomer(api.db, a.id), await readCustomer(api.db, b.id)];
      const recorded = [storedA?.referredBy, storedB?.referredBy].filter(Boolean);
      expect(recorded).toHaveLength(1);
      expect((storedA?.referredSignups ?? 0) + (storedB?.referredSignups ?? 0)).toBe(1);
    }
  });

  it('refuses a referral that would close a circle, directly or through a chain (A→B, then B→A; A→B→C, then C→A)', async () => {
    const { api } = t;
    const [a, b, c] = [await insertCustomer(api.db), await insertCustomer(api.db), await insertCustomer(api.db)];
    expect((await refer(a.id, b.id)).status).toBe(200);
    const back = await refer(b.id, a.id);
    expect(back.status).toBe(409);
    expect(back.error.code).toBe('referral_cycle');
    expect((await refer(b.id, c.email)).status).toBe(200);
    const circle = await refer(c.id, a.id);
    expect(circle.status).toBe(409);
    expect(circle.error).toMatchObject({ code: 'referral_cycle', field: 'referred_user' });
    expect((await readCustomer(api.db, a.id))?.referredBy).toBeNull();
    expect((await readCustomer(api.db, c.id))?.referredSignups).toBe(0);
    const audited = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(c.id)));
    expect(audited.map((row) => [row.callId, row.outcome, row.status])).toEqual([
      ['userActions.addReferral', 'failed', 409],
    ]);
  });
});
