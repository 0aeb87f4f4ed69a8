import { sql } from 'drizzle-orm';
import { type Role, roles } from '../../domain/roles';
import { hashPassword } from '../auth/passwords';
import { insertJsonRows, type SqlRunner, seededChargeColumns } from './bulk-insert';
import { addStoredCard } from './cards';
import { makeChargeHistory } from './charge-history';
import { ContractSeeder } from './contracts';
import { type CustomerSeedRow, makeCustomer, settleReferrals } from './customers';
import {
  addDetailColumns,
  type CustomerDetails,
  type DetailSeedRow,
  detailRandom,
  makeCustomerDetails,
} from './details';
import { type MarketingSeedOptions, seedMarketing } from './marketing';
import { defaultEvidencePhotos, seedModelEvidence } from './models';
import { addOpenPeriod } from './open-period';
import { seedPartners } from './partners';
import { Random } from './random';
import { staffNames } from './vocabulary';
import { WorkSeeder } from './work';

export interface SeedOptions {
  /** How many customers to create. */
  customers: number;
  /** PRNG seed: the same seed gives the same data. */
  seed?: number;
  /** Also create the demo staff accounts, one per role. */
  staff: boolean;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** How many of the customers (the first ones) get credits, notifications and an activity timeline; default 5000. */
  detailCustomers?: number;
  /** Training photos (with edit parameters) for the models a reviewer opens first (default 8 a customer, at most
   * 40,000); see seed/models.ts. */
  modelEvidencePhotos?: number;
  /** Where the demo banners' images go and how its promotion links are signed (seed/marketing.ts). */
  marketing?: Pick<MarketingSeedOptions, 'files' | 'links'>;
  /** Called after each batch with the number of customers written so far. */
  onProgress?: (written: number) => void;
}

export interface DemoStaff {
  email: string;
  role: Role;
  password: string;
}

/** The password of every demo staff account. Demo data only. */
export const demoPassword = 'loupe-demo';

const customerColumns = [
  'id',
  'username',
  'email',
  'first_name',
  'last_name',
  'business_name',
  'vat_id',
  'country',
  'address',
  'currency',
  'payment_link',
  'subscription_type',
  'culling_subscription_type',
  'profiles_used',
  'profiles_max',
  'trial_photos_used',
  'trial_photos_max',
  'referred_signups',
  'referred_subscribed',
  'charge_date',
  'last_charge_amount',
  'affiliate',
  'charge_failed',
  'status',
  'utm_source',
  'utm_campaign',
  'utm_content',
  'referred_by',
  'date_added',
  'suspended_at',
  'suspend_reason',
  'suspend_description',
  'failed_charge_amount',
  'failed_charge_reason',
  'max_proj_id_for_charge_retry',
  'number_of_charge_retries',
  'last_updated_row',
  'opened_email_cnt',
  'clicked_email_cnt',
  'abusive_suspicious',
  'abusive_ignore',
  'is_partner',
  'is_managed_by_csm',
  'provider_customer_ref',
  'payment_method_token',
  'unbilled_usage',
  'unbilled_backup',
] as const;

/** The detail columns, filled only for the customers that get detail data (the rest keep the defaults). */
const detailColumns = [
  'cc_emails',
  'notes',
  'last_activity',
  'os',
  'user_token',
  'editing_software',
  'coupon',
  'promotions',
  'abusive_types',
  'charging_vendor',
  'payment_method_details',
  'payment_updated_at',
  'backup_plan',
  'backup_used_gb',
  'backup_total_gb',
  'backup_high_res_type',
  'backup_plan_start',
  'backup_cancelled_at',
  'backup_cancel_details',
  'culling_plan_start',
  'culling_plan_end',
  'culling_credits',
] as const;

const plainColumnList = sql.raw(customerColumns.map((name) => `"${name}"`).join(', '));
const detailedColumnList = sql.raw([...customerColumns, ...detailColumns].map((name) => `"${name}"`).join(', '));

/** One INSERT per batch: the rows travel as a single JSON parameter (as fast as unnest, one code path for both drivers). */
async function insertCustomers(db: SqlRunner, rows: CustomerSeedRow[], detailed = false): Promise<void> {
  if (rows.length === 0) return;
  const columnList = detailed ? detailedColumnList : plainColumnList;
  await db.execute(
    sql`INSERT INTO customers (${columnList}) SELECT ${columnList} FROM json_populate_recordset(NULL::customers, ${sql.param(JSON.stringify(rows))}::json)`,
  );
}

const detailTables = {
  customer_credits: ['customer_id', 'amount', 'currency', 'reason', 'description', 'source', 'created_at'],
  customer_notifications: ['customer_id', 'category', 'title', 'body', 'status', 'sent_at', 'read_at', 'created_at'],
  activity_events: ['customer_id', 'event', 'category', 'datetime', 'properties'],
  charges: seededChargeColumns,
} as const;

/** One INSERT of detail rows into one of the detail tables (ids from their sequences). */
async function insertDetails(db: SqlRunner, table: keyof typeof detailTables, rows: DetailSeedRow[]): Promise<void> {
  await insertJsonRows(db, table, detailTables[table], rows, Number.POSITIVE_INFINITY);
}

export function demoStaffEmail(role: Role): string {
  return `${role.toLowerCase()}@example.com`;
}

async function insertStaff(db: SqlRunner): Promise<DemoStaff[]> {
  const created: DemoStaff[] = [];
  for (const role of roles) {
    const [firstName, lastName] = staffNames[role] ?? [role, 'Demo'];
    const email = demoStaffEmail(role);
    const hash = await hashPassword(demoPassword);
    await db.execute(
      sql`INSERT INTO staff (email, first_name, last_name, role, password_hash) VALUES (${email}, ${firstName}, ${lastName}, ${role}, ${hash}) ON CONFLICT (email) DO NOTHING`,
    );
    created.push({ email, role, password: demoPassword });
  }
  return created;
}

/**
 * The demo's example of a second person for big money (issue 22): a support master's credits above 200 (in the
 * customer's currency) and card refunds above 100 (in the project's) wait for an admin's or another support master's
 * approval. Only with the demo staff, so that
 * `npm start` shows the flow; an admin changes it on the server (`PUT /admin/approval_thresholds`).
 */
async function seedApprovalThresholds(db: SqlRunner): Promise<void> {
  await db.execute(
    sql`INSERT INTO approval_thresholds (role, credit_above_minor, refund_above_minor) VALUES ('SUPPORT_MASTER', 20000, 10000) ON CONFLICT (role) DO NOTHING`,
  );
}

/**
 * Fills an empty database with deterministic demo data: `customers` customers with believable proportions
 * (subscriptions, suspensions, failed charges, abusive flags, partners, CSM-managed) and, if asked, the demo staff.
 * Customer ids continue after the highest existing id.
 */
export async function seedDatabase(
  db: SqlRunner,
  options: SeedOptions,
): Promise<{ customers: number; staff: DemoStaff[] }> {
  const random = new Random(options.seed ?? 42);
  const batchSize = options.batchSize ?? 10_000;
  const emails = new Set<string>();
  const maxRows = (await db.execute(sql`SELECT coalesce(max(id), 0)::int AS max FROM customers`)) as
    | { rows: { max: number }[] }
    | { max: number }[];
  const firstId = 1 + Number((Array.isArray(maxRows) ? maxRows[0]?.max : maxRows.rows[0]?.max) ?? 0);
  const seed = options.seed ?? 42;
  const detailCustomers = options.detailCustomers ?? 5000;
  const contractSeeder = new ContractSeeder(await ContractSeeder.firstId(db));
  const workSeeder = await WorkSeeder.create(db);
  let batch: CustomerSeedRow[] = [];
  let detailed: CustomerSeedRow[] = [];
  let details: CustomerDetails = { credits: [], notifications: [], events: [] };
  let chargeRows: DetailSeedRow[] = [];
  const flush = async () => {
    await insertCustomers(db, batch);
    await insertCustomers(db, detailed, true);
    await insertDetails(db, 'customer_credits', details.credits);
    await insertDetails(db, 'customer_notifications', details.notifications);
    await insertDetails(db, 'activity_events', details.events);
    // ~8 ledger rows a customer: in statements of 10,000 rows (one JSON document of 40,000 parses much slower).
    await insertJsonRows(db, 'charges', detailTables.charges, chargeRows);
    await contractSeeder.flush(db);
    await workSeeder.flush(db);
    chargeRows = [];
    batch = [];
    detailed = [];
    details = { credits: [], notifications: [], events: [] };
  };
  for (let offset = 0; offset < options.customers; offset++) {
    const row = makeCustomer(firstId + offset, random, emails);
    settleReferrals(row, random);
    addStoredCard(row);
    contractSeeder.add(row);
    if (offset < detailCustomers) {
      const detailRandomness = detailRandom(seed, firstId + offset);
      addDetailColumns(row, detailRandomness);
      const made = makeCustomerDetails(row, detailRandomness);
      row.last_activity =
        made.events
          .map((event) => String(event.datetime))
          .sort()
          .at(-1) ??
        row.last_activity ??
        null;
      details.credits.push(...made.credits);
      details.notifications.push(...made.notifications);
      details.events.push(...made.events);
      const history = makeChargeHistory(row);
      chargeRows.push(...history);
      workSeeder.add(row, history);
      detailed.push(row);
    } else {
      workSeeder.add(row, []);
      batch.push(row);
    }
    addOpenPeriod(row);
    if (batch.length + detailed.length === batchSize) {
      await flush();
      options.onProgress?.(offset + 1);
    }
  }
  if (batch.length + detailed.length > 0) await flush();
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('customers', 'id'), greatest((SELECT max(id) FROM customers), 1))`,
  );
  await db.execute(sql`ANALYZE customers`);
  await ContractSeeder.finish(db);
  await db.execute(sql`ANALYZE customer_credits, customer_notifications, activity_events, charges`);
  // After the ledger's statistics: linking projects to their charges is an index lookup per project then.
  await WorkSeeder.finish(db);
  await seedModelEvidence(
    db,
    options.modelEvidencePhotos ?? Math.min(defaultEvidencePhotos, options.customers * 8),
    detailCustomers,
  );
  const staff = options.staff ? await insertStaff(db) : [];
  if (options.staff) await seedApprovalThresholds(db);
  // After the staff (partners' owners) and the customers (attributed to the partners' activities).
  await seedPartners(db, { seed });
  // After the staff (a marketer makes them) and the customers (the broadcasts' and tests' audiences).
  await seedMarketing(db, options.marketing);
  return { customers: options.customers, staff };
}
