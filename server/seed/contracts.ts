import { sql } from 'drizzle-orm';
import { contractFormOf } from '../../domain/contract-form';
import { yearlySummary } from '../../domain/contract-math';
import { type Currency, currencies } from '../../domain/money';
import { addMonths } from '../contracts/records';
import { insertJsonRows, type SqlRunner, seededChargeColumns } from './bulk-insert';
import type { CustomerSeedRow } from './customers';
import { seedNow } from './customers';
import { Random } from './random';

type Row = Record<string, string | number | null>;

const planSizes = [1000, 2500, 5000, 10_000, 20_000, 50_000] as const;
const listPrices = [0.35, 0.4, 0.45, 0.5] as const;
const aiTools = { crop: 0.02, straightening: 0.02, subject_mask: 0.05, smooth_skin: 0.05 } as const;
const pastEndings = ['ENDED', 'ENDED', 'CANCELLED'] as const;
const cancelReasons = ['TOO_EXPENSIVE', 'NO_LONGER_NEEDED', 'USE_A_COMPETITOR', 'CURRENCY_CHANGE', 'OTHER'] as const;

const tables = {
  contracts: [
    'id',
    'customer_id',
    'state',
    'start_date',
    'end_date',
    'number_of_edits',
    'price_per_edit',
    'crop_price',
    'straightening_price',
    'subject_mask_price',
    'smooth_skin_price',
    'currency',
    'country',
    'discount_basis_points',
    'monthly_payment',
    'yearly_total',
    'renewal_state',
    'edits_used_at_end',
    'cancellation_reason',
    'created_at',
  ],
  contract_payments: ['contract_id', 'customer_id', 'kind', 'amount', 'currency', 'charge_id', 'created_at'],
  charges: seededChargeColumns,
  contract_monthly_usage: [
    'contract_id',
    'customer_id',
    'starting_date',
    'number_of_photos',
    'straightening',
    'crops',
    'subject_masks',
    'skin_smooth',
    'hdr_merge',
    'perspective_correction',
    'portrait_crops',
    'whiten_teeth',
    'extra_charge',
  ],
} as const;

function insertRows(db: SqlRunner, table: keyof typeof tables, rows: Row[]): Promise<void> {
  return insertJsonRows(db, table, tables[table], rows);
}

/** The ledger ids of seeded contract charges, by their provider key. */
async function chargeIdsOf(db: SqlRunner, keys: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < keys.length; start += 10_000) {
    const chunk = JSON.stringify(keys.slice(start, start + 10_000));
    const result = (await db.execute(
      sql`SELECT id::int AS id, provider_key AS key FROM charges WHERE provider_key IN (SELECT json_array_elements_text(${sql.param(chunk)}::json))`,
    )) as { rows: { id: number; key: string }[] } | { id: number; key: string }[];
    for (const row of Array.isArray(result) ? result : result.rows) ids.set(row.key, Number(row.id));
  }
  return ids;
}

function contractRandom(id: number): Random {
  return new Random((Math.imul(id, 2_654_435_761) ^ 0x5bd1e995) >>> 0);
}

const seedToday = new Date(seedNow).toISOString().slice(0, 10);

function shiftDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * Contracts of the demo customers on CORPORATE_CONTRACT: each has one running contract (in month 1–10 of its year
 * at the seed's "now", every installment due so far paid, a month of usage per month) and some have one or two
 * past contracts (ended, or cancelled with a settlement). Ids are given here so payments and usage can name them.
 */
export class ContractSeeder {
  private contracts: Row[] = [];
  private payments: Row[] = [];
  private usage: Row[] = [];
  /** Each paid installment's card charge, with the customer row (its card vendor is known only at flush). */
  private charges: { row: Row; customer: CustomerSeedRow }[] = [];

  constructor(private nextId: number) {}

  /** The next free contract id of a database. */
  static async firstId(db: SqlRunner): Promise<number> {
    const result = (await db.execute(sql`SELECT coalesce(max(id), 0)::int AS max FROM contracts`)) as
      | { rows: { max: number }[] }
      | { max: number }[];
    return 1 + Number((Array.isArray(result) ? result[0]?.max : result.rows[0]?.max) ?? 0);
  }

  add(customer: CustomerSeedRow): void {
    if (customer.subscription_type !== 'CORPORATE_CONTRACT') return;
    const customerId = Number(customer.id);
    const random = contractRandom(customerId);
    const currency: Currency = (currencies as readonly string[]).includes(String(customer.currency))
      ? (customer.currency as Currency)
      : 'USD';
    const country = /^[A-Z]{2}$/.test(String(customer.country)) ? String(customer.country) : 'US';
    const month = random.int(1, 10);
    const start = shiftDays(addMonths(seedToday, -(month - 1)), -random.int(0, 25));
    const past = random.int(0, 2);
    let pastEnd = start;
    for (let index = 0; index < past; index++) {
      const state = random.pick(pastEndings);
      const pastStart = addMonths(pastEnd, -12);
      const months = state === 'ENDED' ? 12 : random.int(3, 9);
      const end = state === 'ENDED' ? pastEnd : addMonths(pastStart, months);
      this.addContract(random, { customerId, currency, country, start: pastStart, end, months, state }, customer);
      pastEnd = pastStart;
    }
    const lastInstallment = this.addContract(
      random,
      { customerId, currency, country, start, end: addMonths(start, 12), months: month },
      customer,
    );
    // A contract customer pays by installments: their last charge is the last installment, and their card works
    // (a failed subscription charge from the customer generator would have no charge behind it).
    customer.last_charge_amount = lastInstallment;
    customer.charge_failed = false;
    customer.failed_charge_amount = null;
    customer.failed_charge_reason = null;
    customer.number_of_charge_retries = 0;
    customer.max_proj_id_for_charge_retry = null;
    customer.provider_customer_ref = `cus_sbx_${customerId}`;
    customer.payment_method_token = 'pm_card_ok';
  }

  private addContract(
    random: Random,
    terms: {
      customerId: number;
      currency: Currency;
      country: string;
      start: string;
      end: string;
      months: number;
      state?: 'ENDED' | 'CANCELLED';
    },
    customer: CustomerSeedRow,
  ): number {
    const id = this.nextId++;
    let lastPaid = 0;
    const edits = random.pick(planSizes);
    const form = contractFormOf({
      number_of_edits: edits,
      price_per_edit: random.pick(listPrices),
      ...aiTools,
      currency: terms.currency,
      country: terms.country,
    });
    const summary = yearlySummary(form);
    const price = (value: { amount: number; multiplier: number }) => (value.amount * 10_000) / value.multiplier;
    const common = { contract_id: id, customer_id: terms.customerId };
    let used = 0;
    for (let index = 0; index < terms.months; index++) {
      const startingDate = addMonths(terms.start, index);
      const at = `${startingDate}T09:00:00Z`;
      const amount = summary.installments[index] ?? 0;
      const key = amount > 0 ? `seed:contract:${id}:${index + 1}` : null;
      this.payments.push({
        ...common,
        kind: 'INSTALLMENT',
        amount,
        currency: terms.currency,
        charge_id: key,
        created_at: at,
      });
      if (key) {
        lastPaid = amount;
        this.charges.push({
          customer,
          row: {
            customer_id: terms.customerId,
            kind: 'CHARGE',
            status: 'SUCCEEDED',
            amount,
            currency: terms.currency,
            purpose: 'CONTRACT_PAYMENT',
            description: `Yearly contract: installment ${index + 1} of 12`,
            charging_vendor: null,
            provider_charge_id: `ch_sbx_seed_contract_${id}_${index + 1}`,
            provider_ref: `SBX-C${id}-${index + 1}`,
            provider_key: key,
            created_at: at,
          },
        });
      }
      const photos = Math.round((edits / 12) * (0.4 + random.next() * 0.9));
      const crops = random.int(0, Math.round(photos / 10));
      const straightening = random.int(0, Math.round(photos / 12));
      const masks = random.int(0, Math.round(photos / 25));
      const smooth = random.int(0, Math.round(photos / 30));
      const overage = Math.max(0, used + photos - edits);
      used += photos;
      const extra =
        crops * price(form.ai_tools.crop) +
        straightening * price(form.ai_tools.straightening) +
        masks * price(form.ai_tools.subject_mask) +
        smooth * price(form.ai_tools.smooth_skin) +
        overage * price(form.price_per_edit);
      if (terms.state) continue;
      this.usage.push({
        ...common,
        starting_date: startingDate,
        number_of_photos: photos,
        straightening,
        crops,
        subject_masks: masks,
        skin_smooth: smooth,
        hdr_merge: random.int(0, Math.round(photos / 40)),
        perspective_correction: random.int(0, Math.round(photos / 50)),
        portrait_crops: random.int(0, Math.round(photos / 60)),
        whiten_teeth: random.int(0, Math.round(photos / 80)),
        extra_charge: Math.round(extra / 100),
      });
    }
    this.contracts.push({
      id,
      customer_id: terms.customerId,
      state: terms.state ?? 'ACTIVE',
      start_date: terms.start,
      end_date: terms.end,
      number_of_edits: edits,
      price_per_edit: price(form.price_per_edit),
      crop_price: price(form.ai_tools.crop),
      straightening_price: price(form.ai_tools.straightening),
      subject_mask_price: price(form.ai_tools.subject_mask),
      smooth_skin_price: price(form.ai_tools.smooth_skin),
      currency: terms.currency,
      country: terms.country,
      discount_basis_points: Math.round(summary.discount_percent * 100),
      monthly_payment: summary.monthly_payment,
      yearly_total: summary.yearly_total,
      renewal_state: terms.state === 'CANCELLED' ? 'NO_RENEWAL' : 'AUTO_RENEWAL',
      edits_used_at_end: terms.state ? Math.min(edits, used) : null,
      cancellation_reason: terms.state === 'CANCELLED' ? random.pick(cancelReasons) : null,
      created_at: `${terms.start}T09:00:00Z`,
    });
    return lastPaid;
  }

  /**
   * Writes what was collected: contracts first (payments and usage name them), then each installment's charge in the
   * `charges` ledger, then the payments linked to their charge (`contract_payments` is append-only: the link is
   * written with the row).
   */
  async flush(db: SqlRunner): Promise<void> {
    await insertRows(db, 'contracts', this.contracts);
    const charges: Row[] = this.charges.map(({ row, customer }) => ({
      ...row,
      charging_vendor: String(customer.charging_vendor ?? 'Stripe'),
    }));
    await insertRows(db, 'charges', charges);
    const ids = await chargeIdsOf(
      db,
      charges.map((row) => String(row.provider_key)),
    );
    const payments = this.payments.map((row) => ({
      ...row,
      charge_id: row.charge_id === null ? null : (ids.get(String(row.charge_id)) ?? null),
    }));
    await insertRows(db, 'contract_payments', payments);
    await insertRows(db, 'contract_monthly_usage', this.usage);
    this.contracts = [];
    this.payments = [];
    this.usage = [];
    this.charges = [];
  }

  /** Moves the contracts sequence past the ids given here. */
  static async finish(db: SqlRunner): Promise<void> {
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence('contracts', 'id'), greatest((SELECT max(id) FROM contracts), 1))`,
    );
    await db.execute(sql`ANALYZE contracts, contract_payments, contract_monthly_usage`);
  }
}
