import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { maxOtherAccounts } from '../../domain/user-details';
import { otherAccountsQuery } from '../../server/users/details/other-accounts';
import type { CustomerRecord } from '../../server/users/rows';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('other users ids (additional info)', (backend) => {
  const t = useTestApi(backend);
  let pl1: Client;
  beforeAll(async () => {
    pl1 = await t.api.signIn('SUPPORT_PL1');
  });

  async function otherUsersTile(id: number) {
    const answer = await pl1.get(t.api.userDetails.additionalInfo, { user_id: id });
    expect(answer.status).toBe(200);
    return answer.json.tiles.find((tile) => tile.title === 'Other users ids');
  }

  it('lists the accounts behind the same mailbox, VAT id or business (same country), with what each shares', async () => {
    const ann = await insertCustomer(t.api.db, {
      email: 'Ann.Lee+work@GMail.com',
      businessName: 'Lee Fotografie',
      country: 'DE',
      vatId: 'DE123456789',
    });
    const sameMailbox = await insertCustomer(t.api.db, { email: 'annlee@googlemail.com' });
    const sameMailboxAndBusiness = await insertCustomer(t.api.db, {
      email: 'a.n.n.lee@gmail.com',
      businessName: 'LEE FOTOGRAFIE',
      country: 'DE',
    });
    const sameVat = await insertCustomer(t.api.db, { email: 'accounts@lee-foto.de', vatId: 'de 123 456 789' });
    // Not the same: another domain, dots outside Gmail, the same business name in another country.
    await insertCustomer(t.api.db, { email: 'annlee@outlook.com' });
    await insertCustomer(t.api.db, { email: 'ann.lee@lee-foto.de' });
    await insertCustomer(t.api.db, { email: 'info@lee.fr', businessName: 'Lee Fotografie', country: 'FR' });

    const tile = await otherUsersTile(ann.id);
    expect(tile?.links).toEqual([
      { user_id: sameMailboxAndBusiness.id, shares: ['business', 'email'] },
      { user_id: sameMailbox.id, shares: ['email'] },
      { user_id: sameVat.id, shares: ['vat_id'] },
    ]);
    expect(tile?.value).toBe(`${sameMailboxAndBusiness.id}, ${sameMailbox.id}, ${sameVat.id}`);
    // And the other way round: the second account sees the first.
    expect((await otherUsersTile(sameMailbox.id))?.links?.map((link) => link.user_id)).toContain(ann.id);
  });

  it('shows nothing for a customer who shares nothing', async () => {
    const alone = await insertCustomer(t.api.db, { email: 'solo.unique@example.org', businessName: null, vatId: null });
    const tile = await otherUsersTile(alone.id);
    expect(tile).toMatchObject({ value: null, links: [] });
  });

  it(`stops at ${maxOtherAccounts} accounts`, async () => {
    const first = await insertCustomer(t.api.db, { email: 'owner@agency.example', vatId: 'NL999999999B01' });
    for (let n = 0; n < maxOtherAccounts + 5; n += 1) {
      await insertCustomer(t.api.db, { email: `client${n}@agency.example`, vatId: 'NL999999999B01' });
    }
    const tile = await otherUsersTile(first.id);
    expect(tile?.links).toHaveLength(maxOtherAccounts);
  });

  it('is answered from the indexes, not by reading every customer', async () => {
    const record = { id: 1, email: 'Ann.Lee@gmail.com', vatId: 'DE1', businessName: 'Lee', country: 'DE' };
    const plan = await t.api.db.transaction(async (db) => {
      await db.execute(sql`set local enable_seqscan = off`);
      const rows = await db.execute<{ 'QUERY PLAN': string }>(
        sql`explain ${otherAccountsQuery(record as CustomerRecord)}`,
      );
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('customers_email_identity');
    expect(plan).toContain('customers_vat_id_normalised');
    expect(plan).toContain('customers_business_lower');
  });
});
