import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The mailbox an address delivers to, as SQL (immutable, so an expression index can hold it): lower case, without
 * a `+tag` in the local part, and for Gmail (gmail.com, googlemail.com) without dots, which Gmail ignores.
 * `Ann.Lee+promo@GMail.com` and `annlee@googlemail.com` are one mailbox: `annlee@gmail.com`.
 */
export function emailIdentity(email: AnyPgColumn | SQL): SQL {
  const lower = sql`lower(${email})`;
  const local = sql`split_part(split_part(${lower}, '@', 1), '+', 1)`;
  const domain = sql`split_part(${lower}, '@', 2)`;
  return sql`(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end)`;
}

/** A VAT id as SQL, compared without case and spaces (`de 123 456 789` is `DE123456789`). */
export function vatIdentity(vatId: AnyPgColumn | SQL): SQL {
  return sql`upper(replace(${vatId}, ' ', ''))`;
}
