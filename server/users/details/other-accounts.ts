import { type SQL, sql } from 'drizzle-orm';
import { maxOtherAccounts, type SharedTrait } from '../../../domain/user-details';
import type { Database } from '../../db/client';
import { emailIdentity, vatIdentity } from '../../db/email-identity';
import { customers } from '../../db/schema';
import type { CustomerRecord } from '../rows';

/** Another account that looks like the same person or business, and what it shares with the customer. */
export interface OtherAccount {
  user_id: number;
  shares: SharedTrait[];
}

/**
 * Other accounts of the same person or business, in SQL on indexed expressions, at most `maxOtherAccounts`: the
 * same mailbox (case, `+tag` and Gmail's dots ignored), the same VAT id, or the same business name in the same
 * country. Those sharing more come first, then by id. Cards are not compared: the stored provider token is not a
 * card fingerprint (every sandbox card of a kind has the same token), so it would link strangers.
 */
export async function otherAccountsOf(db: Database, record: CustomerRecord): Promise<OtherAccount[]> {
  const result = await db.execute<{ id: number; shares: SharedTrait[] }>(otherAccountsQuery(record));
  return result.rows.map((row) => ({ user_id: Number(row.id), shares: row.shares }));
}

/** The query of `otherAccountsOf` (tests read its plan). */
export function otherAccountsQuery(
  record: Pick<CustomerRecord, 'id' | 'email' | 'vatId' | 'businessName' | 'country'>,
): SQL {
  const business = record.businessName?.trim() ?? '';
  const vatId = record.vatId?.trim() ?? '';
  const each = maxOtherAccounts;
  return sql`
    select id, array_agg(trait order by trait) as shares from (
      (select ${customers.id} as id, 'email' as trait from ${customers}
        where ${emailIdentity(customers.email)} = ${emailIdentity(sql`${record.email}::text`)}
          and ${customers.id} <> ${record.id}
        order by ${customers.id} limit ${each})
      union all
      (select ${customers.id}, 'vat_id' from ${customers}
        where ${vatId} <> '' and ${vatIdentity(customers.vatId)} = ${vatIdentity(sql`${vatId}::text`)}
          and ${customers.id} <> ${record.id}
        order by ${customers.id} limit ${each})
      union all
      (select ${customers.id}, 'business' from ${customers}
        where ${business} <> '' and lower(${customers.businessName}) = lower(${business}::text)
          and ${customers.country} is not distinct from ${record.country}::text
          and ${customers.id} <> ${record.id}
        order by ${customers.id} limit ${each})
    ) matches
    group by id
    order by count(*) desc, id
    limit ${each}`;
}
