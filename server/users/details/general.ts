import { and, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { api } from '../../../domain/api';
import { type Currency, currencies } from '../../../domain/money';
import { editableDetailFields, type UserDetails } from '../../../domain/user-details';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { fail } from '../../http/errors';
import { handle } from '../../http/handler';
import { findCustomer, isUniqueViolation, lockCustomer, recordStaffAction, updateCustomer } from '../customer-records';
import type { CustomerRecord } from '../rows';

/** The details form of a stored customer. */
export function detailsOf(record: CustomerRecord): UserDetails {
  const currency: Currency = (currencies as readonly string[]).includes(record.currency)
    ? (record.currency as Currency)
    : 'USD';
  return {
    id: record.id,
    full_name: `${record.firstName} ${record.lastName}`.trim(),
    referred_users: { signups: record.referredSignups, subscribed: record.referredSubscribed },
    last_activity: isoTimestampOrNull(record.lastActivity),
    first_name: record.firstName,
    last_name: record.lastName,
    email: record.email,
    business_name: record.businessName,
    cc_emails: record.ccEmails,
    vat_id: record.vatId,
    country: record.country,
    address: record.address,
    notes: record.notes,
    currency,
    last_updated_row: isoTimestamp(record.lastUpdatedRow),
  };
}

/** A version text as microseconds since the epoch, so `…56.1Z` and `…56.100000+00:00` are the same version. */
export function versionMicros(text: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(
    text.replace(' ', 'T'),
  );
  if (!match) return null;
  const zone = /^([+-]\d{2}):?(\d{2})?$/.exec(match[3] ?? '');
  const offset = zone ? `${zone[1]}:${zone[2] ?? '00'}` : 'Z';
  const millis = Date.parse(`${match[1]}${offset}`);
  if (Number.isNaN(millis)) return null;
  return millis * 1000 + Number((match[2] ?? '').padEnd(6, '0'));
}

/** True when another customer already uses the e-mail (case-insensitively). */
export async function emailTaken(db: Database, email: string, exceptCustomerId?: number): Promise<boolean> {
  const sameEmail = sql`lower(${customers.email}) = lower(${email})`;
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(exceptCustomerId === undefined ? sameEmail : and(sameEmail, ne(customers.id, exceptCustomerId)))
    .limit(1);
  return row !== undefined;
}

const columnOf = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  business_name: 'businessName',
  cc_emails: 'ccEmails',
  vat_id: 'vatId',
  country: 'country',
  address: 'address',
  notes: 'notes',
} as const satisfies Record<(typeof editableDetailFields)[number], keyof CustomerRecord>;

/** The customer's details form, with the version to save against. */
export const getUserDetails = handle(api.userDetails.details, async ({ db, params }) =>
  detailsOf(await findCustomer(db, params.user_id)),
);

/**
 * Saves the fields sent (only those), if the version sent is still the stored one (409 `stale_version` otherwise);
 * an e-mail another customer uses is a 409 `email_taken` on the field. Fields sent unchanged are not written.
 */
export const saveUserDetails = handle(api.userDetails.saveDetails, async ({ db, params, body, staff }) => {
  const record = await lockCustomer(db, params.user_id);
  const sent = versionMicros(body.last_updated_row);
  if (sent === null || sent !== versionMicros(isoTimestamp(record.lastUpdatedRow))) throw fail('stale_version');
  const changes: Record<string, unknown> = {};
  const changed: string[] = [];
  for (const field of editableDetailFields) {
    const value = body[field];
    if (value === undefined) continue;
    const column = columnOf[field];
    if (JSON.stringify(record[column]) === JSON.stringify(value)) continue;
    changes[column] = value;
    changed.push(field);
  }
  if (changed.length === 0) return detailsOf(record);
  if (body.email !== undefined && changed.includes('email') && (await emailTaken(db, body.email, record.id))) {
    throw fail('email_taken', { field: 'email', detail: 'email: another customer already uses this e-mail' });
  }
  let updated: CustomerRecord;
  try {
    updated = await updateCustomer(db, record.id, changes as PgUpdateSetSource<typeof customers>);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw fail('email_taken', { field: 'email', detail: 'email: another customer already uses this e-mail' });
    }
    throw error;
  }
  await recordStaffAction(db, record.id, staff, 'Details edited', [{ label: 'Fields', value: changed.join(', ') }]);
  return detailsOf(updated);
});

/** Whether an e-mail is free; the customer named by `user_id` may keep their own. */
export const validateEmail = handle(api.userDetails.validateEmail, async ({ db, params, query }) => ({
  data: { is_user_email_available: !(await emailTaken(db, params.user_email, query.user_id)) },
}));
