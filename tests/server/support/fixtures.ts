import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { customers, staff } from '../../../server/db/schema';
import type { CustomerRecord } from '../../../server/users/rows';

type CustomerInput = typeof customers.$inferInsert;

let counter = 0;

/**
 * Inserts a customer with plausible defaults, including a stored card the sandbox charges (`pm_card_ok`, provider
 * customer `cus_sbx_<suffix>`); anything can be overridden (e.g. `paymentMethodToken: 'pm_card_expired'` or null).
 */
export async function insertCustomer(db: Database, overrides: Partial<CustomerInput> = {}): Promise<CustomerRecord> {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  const [row] = await db
    .insert(customers)
    .values({
      username: `customer${suffix}`,
      email: `customer.${suffix}@example.net`,
      firstName: 'Casey',
      lastName: `Customer${counter}`,
      subscriptionType: 'METERED',
      currency: 'USD',
      lastChargeAmount: 4900,
      chargeDate: '2026-10-01T10:00:00Z',
      providerCustomerRef: `cus_sbx_${suffix}`,
      paymentMethodToken: 'pm_card_ok',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('customer not inserted');
  return row;
}

/** The customer as stored now. */
export async function readCustomer(db: Database, id: number): Promise<CustomerRecord | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** Switches a staff account off (or on again). */
export async function setStaffActive(db: Database, id: number, active: boolean): Promise<void> {
  await db.update(staff).set({ active }).where(eq(staff.id, id));
}

/** Changes a staff member's role in the database (tokens keep the old one). */
export async function setStaffRole(db: Database, id: number, role: string): Promise<void> {
  await db.update(staff).set({ role }).where(eq(staff.id, id));
}
