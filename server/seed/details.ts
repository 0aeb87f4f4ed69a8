import { giveCreditReasons } from '../../domain/user-actions';
import { notificationCategories } from '../../domain/user-details';
import type { CustomerSeedRow } from './customers';
import { seedNow } from './customers';
import { Random } from './random';

/** Rows of one detail table, as its columns are named, ready for json_populate_recordset. */
export type DetailSeedRow = Record<string, string | number | boolean | null | { label: string; value: string }[]>;

/** The detail rows (credits, notifications, activity) of one customer. */
export interface CustomerDetails {
  credits: DetailSeedRow[];
  notifications: DetailSeedRow[];
  events: DetailSeedRow[];
}

const day = 86_400_000;
const oses = ['macOS 15', 'macOS 14', 'macOS 13', 'Windows 11', 'Windows 10'] as const;
const editingSoftware = ['Lightroom Classic 14', 'Lightroom Classic 13', 'Capture One 16', 'Lightroom CC'] as const;
const coupons = ['SPRING25', 'BLACKFRIDAY50', 'WEDDING20', 'WELCOME10'] as const;
const promotions = ['Annual plan 10% off', 'Free culling month', 'Double trial photos'] as const;
const abusiveTypes = ['Multiple trial accounts', 'Shared account', 'Chargeback pattern'] as const;
const vendors = [
  ['Stripe', 70],
  ['Braintree', 30],
] as const;
const cards = ['Visa', 'Mastercard', 'Amex'] as const;
const backupPlans = [
  ['Backup 200 GB', 200],
  ['Backup 1 TB', 1024],
  ['Backup 5 TB', 5120],
] as const;
const highRes = ['RAW + JPG', 'JPG only', 'RAW only'] as const;
const profileNames = ['Wedding Warm', 'Moody Film', 'Clean Portrait', 'Golden Hour', 'Studio Neutral'] as const;
const notificationTitles: Record<(typeof notificationCategories)[number], readonly string[]> = {
  IMPROVEMENT: ['Faster uploads are here', 'Better skin smoothing'],
  MY_ACCOUNT: ['Your invoice is ready', 'Your payment method expires soon'],
  NEW: ['Meet subject masking', 'Video editing is live'],
  SPECIAL_OFFER: ['25% off the annual plan', 'Double trial photos this week'],
  STATUS_UPDATE: ['Your edits are ready', 'Your profile finished training'],
  SYSTEM_COMMUNICATION: ['Scheduled maintenance on Sunday', 'Updated terms of service'],
};

function iso(time: number): string {
  return new Date(time).toISOString();
}

/** A per-customer PRNG, so detail data never shifts the customers' own random sequence. */
export function detailRandom(seed: number, id: number): Random {
  return new Random((Math.imul(seed, 2_654_435_761) ^ Math.imul(id, 40_503)) >>> 0);
}

/** Fills the customer row's detail columns (OS, token, payment vendor, backup, culling plan, …) in place. */
export function addDetailColumns(row: CustomerSeedRow, random: Random): void {
  const added = Date.parse(String(row.date_added));
  const paying = row.last_charge_amount !== null;
  Object.assign(row, {
    charging_vendor: null,
    payment_method_details: null,
    payment_updated_at: null,
    backup_plan: null,
    backup_used_gb: 0,
    backup_total_gb: 0,
    backup_high_res_type: null,
    backup_plan_start: null,
    backup_cancelled_at: null,
    backup_cancel_details: null,
    culling_plan_start: null,
    culling_plan_end: null,
    culling_credits: 0,
  });
  row.os = random.pick(oses);
  row.user_token = `ut_${Number(row.id).toString(36)}${random.int(100_000, 999_999).toString(36)}`;
  row.editing_software = random.pick(editingSoftware);
  row.coupon = random.chance(0.15) ? random.pick(coupons) : null;
  row.promotions = random.chance(0.1) ? random.pick(promotions) : null;
  row.abusive_types = row.abusive_suspicious ? random.pick(abusiveTypes) : null;
  row.cc_emails = random.chance(0.08) && row.business_name ? `{accounts@${String(row.email).split('@')[1]}}` : '{}';
  row.notes = random.chance(0.05) ? 'Prefers e-mail over calls; time zone matters for scheduling.' : null;
  row.last_activity = iso(added + random.next() * (seedNow - added));
  if (paying) {
    row.charging_vendor = random.weighted(vendors);
    row.payment_method_details = `${random.pick(cards)} •••• ${random.int(1000, 9999)}, expires ${random.int(1, 12)}/${random.int(26, 30)}`;
    row.payment_updated_at = iso(added + random.next() * (seedNow - added));
  }
  if (random.chance(0.25)) {
    const [plan, total] = random.pick(backupPlans);
    const start = added + random.next() * (seedNow - added);
    row.backup_plan = plan;
    row.backup_total_gb = total;
    row.backup_used_gb = Math.round(total * random.next() * 10) / 10;
    row.backup_high_res_type = random.pick(highRes);
    row.backup_plan_start = iso(start);
    if (random.chance(0.15)) {
      row.backup_cancelled_at = iso(start + random.next() * (seedNow - start));
      row.backup_cancel_details = random.pick(['Too expensive', 'Moved to own NAS', 'Closing the studio']);
    }
  }
  const culling = row.culling_subscription_type;
  if (culling !== 'NONE') {
    const start = Math.max(added, seedNow - random.int(10, 400) * day);
    row.culling_plan_start = iso(start);
    row.culling_plan_end = culling === 'FREE' ? iso(seedNow + random.int(5, 90) * day) : null;
    row.culling_credits = random.int(0, 20) * 50;
  }
}

function between(random: Random, from: number, to: number): number {
  return from + random.next() * Math.max(0, to - from);
}

/** A handful of believable credits, notifications and activity events of one customer. */
export function makeCustomerDetails(row: CustomerSeedRow, random: Random): CustomerDetails {
  const id = Number(row.id);
  const added = Date.parse(String(row.date_added));
  const currency = String(row.currency);
  const credits: DetailSeedRow[] = [];
  for (let n = random.int(0, 3) - (random.chance(0.5) ? 1 : 0); n > 0; n--) {
    const reason = random.pick(giveCreditReasons);
    credits.push({
      customer_id: id,
      amount: random.int(1, 20) * 500,
      currency,
      reason: reason.value,
      description: reason.value === 'OTHER' ? 'Goodwill after a support ticket' : '',
      source:
        reason.value === 'MISSING_REFERRAL_LINK_CREDIT' ? 'REFERRAL' : random.pick(['STAFF', 'STAFF', 'PROMOTION']),
      created_at: iso(between(random, added, seedNow)),
    });
  }
  const notifications: DetailSeedRow[] = [];
  for (let n = random.int(0, 5); n > 0; n--) {
    const category = random.pick(notificationCategories);
    const sent = between(random, added, seedNow);
    const pending = random.chance(0.1);
    notifications.push({
      customer_id: id,
      category,
      title: random.pick(notificationTitles[category]),
      body: 'Open the app to see what changed.',
      status: pending ? 'Pending' : 'Sent',
      sent_at: pending ? null : iso(sent),
      read_at: !pending && random.chance(0.6) ? iso(Math.min(seedNow, sent + random.int(1, 72) * 3_600_000)) : null,
      created_at: iso(sent),
    });
  }
  const events: DetailSeedRow[] = [
    { customer_id: id, event: 'Signed up', category: 'ACCOUNT', datetime: iso(added), properties: [] },
  ];
  const event = (name: string, category: string, properties: { label: string; value: string }[]) =>
    events.push({ customer_id: id, event: name, category, datetime: iso(between(random, added, seedNow)), properties });
  for (let n = random.int(2, 10); n > 0; n--) {
    const kind = random.int(0, 5);
    if (kind === 0) event('Logged in', 'ACCOUNT', [{ label: 'OS', value: String(row.os ?? 'macOS 15') }]);
    else if (kind === 1 || kind === 2) {
      event('Project uploaded', 'PROJECT', [
        { label: 'Photos', value: String(random.int(40, 2400)) },
        { label: 'Profile', value: random.pick(profileNames) },
      ]);
    } else if (kind === 3)
      event('Edits delivered', 'PROJECT', [{ label: 'Photos', value: String(random.int(40, 2400)) }]);
    else if (kind === 4) event('Profile trained', 'PROFILE', [{ label: 'Profile', value: random.pick(profileNames) }]);
    else event('E-mail opened', 'EMAIL', [{ label: 'Template', value: 'Monthly newsletter' }]);
  }
  if (row.last_charge_amount !== null) {
    event('Charge succeeded', 'BILLING', [
      { label: 'Amount', value: `${Number(row.last_charge_amount) / 100} ${currency}` },
    ]);
  }
  if (row.charge_failed) {
    event('Charge failed', 'BILLING', [{ label: 'Reason', value: String(row.failed_charge_reason ?? 'declined') }]);
  }
  return { credits, notifications, events };
}
