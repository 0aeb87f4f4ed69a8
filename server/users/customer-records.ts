import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { emailTemplateLabels, labelOf, staffWithRole } from '../../domain/labels';
import type { Database } from '../db/client';
import { type ActivityProperty, activityEvents, customers } from '../db/schema';
import { fail } from '../http/errors';
import type { StaffMember } from '../http/handler';
import type { CustomerRecord } from './rows';

/** The customer by id, or 404 `customer_not_found`. */
export async function findCustomer(db: Database, id: number): Promise<CustomerRecord> {
  const [record] = await db.select().from(customers).where(eq(customers.id, id));
  if (!record) throw fail('customer_not_found');
  return record;
}

/** The customer by id, locked for this transaction (FOR UPDATE), or 404. */
export async function lockCustomer(db: Database, id: number): Promise<CustomerRecord> {
  const [record] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  if (!record) throw fail('customer_not_found');
  return record;
}

/** Changes customer columns and bumps the row version (`last_updated_row`); returns the new row. */
export async function updateCustomer(
  db: Database,
  id: number,
  changes: PgUpdateSetSource<typeof customers>,
): Promise<CustomerRecord> {
  const [record] = await db
    .update(customers)
    .set({ ...changes, lastUpdatedRow: sql`now()` })
    .where(eq(customers.id, id))
    .returning();
  if (!record) throw fail('customer_not_found');
  return record;
}

/** "First Last" of a staff member. */
export function staffName(staff: Pick<StaffMember, 'firstName' | 'lastName'>): string {
  return `${staff.firstName} ${staff.lastName}`.trim();
}

/** Puts a staff action on the customer's activity timeline, naming who did it. */
export async function recordStaffAction(
  db: Database,
  customerId: number,
  staff: StaffMember,
  event: string,
  properties: ActivityProperty[] = [],
): Promise<void> {
  await db.insert(activityEvents).values({
    customerId,
    event,
    category: 'STAFF_ACTION',
    properties: [{ label: 'By', value: staffWithRole(staffName(staff), staff.role) }, ...properties],
  });
}

/** Puts an e-mail sent to the customer on their activity timeline. */
export async function recordEmailSent(
  db: Database,
  customerId: number,
  template: string,
  recipient: string,
  staff: StaffMember | null,
): Promise<void> {
  const properties: ActivityProperty[] = [
    { label: 'Template', value: labelOf(emailTemplateLabels, template) },
    { label: 'To', value: recipient },
  ];
  if (staff) properties.push({ label: 'Sent by', value: staffWithRole(staffName(staff), staff.role) });
  await db.insert(activityEvents).values({ customerId, event: 'E-mail sent', category: 'EMAIL', properties });
}

/** True for a PostgreSQL unique violation (23505), whichever driver raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The base URL of the customer app (links in e-mails, login-as links). */
export const customerAppUrl = (process.env.CUSTOMER_APP_URL ?? 'https://app.example.com').replace(/\/+$/, '');
