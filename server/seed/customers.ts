import type { Random } from './random';
import {
  affiliates,
  cities,
  countries,
  euCountries,
  failedChargeReasons,
  firstNames,
  lastNames,
  mailDomains,
  streets,
  studioNames,
  studioWords,
  suspendReasons,
  utmCampaigns,
  utmContents,
  utmSources,
} from './vocabulary';

/** A customer row as the `customers` table names its columns (snake_case), ready for json_populate_recordset. */
export type CustomerSeedRow = Record<string, string | number | boolean | null>;

const day = 86_400_000;
/** Demo "now": fixed, so the same seed gives the same data whenever it runs. */
export const seedNow = Date.UTC(2026, 10, 1, 12, 0, 0);
const serviceLaunch = Date.UTC(2019, 0, 15);

const subscriptions = [
  ['METERED', 40],
  ['METERED_WITH_BASE', 15],
  ['TRIAL_METERED', 17],
  ['TRIAL_METERED_WITH_BASE', 5],
  ['CORPORATE_CONTRACT', 4],
  ['CANCELLED', 19],
] as const;
const culling = [
  ['NONE', 68],
  ['MONTHLY', 22],
  ['FREE', 7],
  ['YEARLY', 3],
] as const;

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function iso(time: number): string {
  return new Date(time).toISOString();
}

/** Makes customer `id`; `emails` keeps e-mails unique across the whole run. */
export function makeCustomer(id: number, random: Random, emails: Set<string>): CustomerSeedRow {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  const [country, , currency] = random.weighted(countries.map((entry) => [entry, entry[1]] as const));
  const hasStudio = random.chance(0.42);
  const studio = hasStudio
    ? random.chance(0.5)
      ? `${last} ${random.pick(studioWords)}`
      : `${random.pick(studioNames)} ${random.pick(studioWords)}`
    : null;

  const domainKind = random.weighted(mailDomains.map((entry) => [entry[0], entry[1]] as const));
  const domain =
    domainKind === 'studio' && studio ? `${slug(studio)}.com` : domainKind === 'studio' ? 'gmail.com' : domainKind;
  const localStyles = [`${slug(first)}.${slug(last)}`, `${slug(first)}${slug(last)}`, `${slug(first)[0]}${slug(last)}`];
  let local = random.pick(localStyles);
  if (domainKind === 'studio' && studio) local = random.pick(['hello', 'info', slug(first), 'studio', 'bookings']);
  let email = `${local}@${domain}`;
  for (let n = random.int(2, 99); emails.has(email); n += random.int(1, 97)) email = `${local}${n}@${domain}`;
  emails.add(email);

  // Recent sign-ups are likelier: the service grows.
  const age = (1 - Math.sqrt(random.next())) * (seedNow - serviceLaunch);
  const dateAdded = seedNow - age;
  const subscription = random.weighted(subscriptions.map((entry) => [entry[0], entry[1]] as const));
  const paying =
    subscription === 'METERED' || subscription === 'METERED_WITH_BASE' || subscription === 'CORPORATE_CONTRACT';
  const trial = subscription.startsWith('TRIAL');
  const trialMax = random.chance(0.85) ? 1000 : 500;
  const trialUsed = trial ? random.int(0, trialMax) : random.chance(0.9) ? trialMax : random.int(0, trialMax);
  const chargeFailed = paying && random.chance(0.05);
  const failure = chargeFailed
    ? random.weighted(failedChargeReasons.map((entry) => [entry[0], entry[1]] as const))
    : null;
  const retries = chargeFailed ? random.int(0, 3) : 0;
  const suspended = random.chance(chargeFailed ? 0.35 : 0.025);
  const suspension = suspended ? (chargeFailed ? suspendReasons[0] : random.pick(suspendReasons)) : null;
  const suspendedAt = suspended ? dateAdded + random.next() * (seedNow - dateAdded) : null;
  const abusive = random.chance(0.02);
  const fromCampaign = random.chance(0.5);
  const referred = random.chance(0.12);
  const isPartner = random.chance(0.015);
  const city = random.pick(cities[country] ?? ['']);
  const lastCharge =
    paying || subscription === 'CANCELLED' ? random.int(9, 60) * 100 + random.pick([0, 0, 50, 99]) : null;
  const updated = Math.max(dateAdded, suspendedAt ?? 0) + random.int(0, 5) * day;

  return {
    id,
    username: `${slug(first)}_${slug(last)}${id}`,
    email,
    first_name: first,
    last_name: last,
    business_name: studio,
    vat_id: studio && euCountries.has(country) ? `${country}${random.int(100_000_000, 999_999_999)}` : null,
    country,
    address: `${random.int(1, 240)} ${random.pick(streets)}, ${city}`,
    currency,
    payment_link:
      trial || chargeFailed ? `https://pay.example.com/checkout/c${id.toString(36)}${random.int(1000, 9999)}` : null,
    subscription_type: subscription,
    culling_subscription_type: random.weighted(culling.map((entry) => [entry[0], entry[1]] as const)),
    profiles_used: random.int(0, 3),
    profiles_max: 3,
    trial_photos_used: trialUsed,
    trial_photos_max: trialMax,
    referred_signups: referred ? random.int(1, 25) : 0,
    referred_subscribed: 0,
    charge_date: paying && !suspended ? iso(seedNow + random.int(1, 30) * day) : null,
    last_charge_amount: lastCharge,
    affiliate: random.chance(0.08) ? random.pick(affiliates) : null,
    charge_failed: chargeFailed,
    status: suspended ? 'SUSPENDED' : 'ACTIVE',
    utm_source: fromCampaign ? random.pick(utmSources) : null,
    utm_campaign: fromCampaign ? random.pick(utmCampaigns) : null,
    utm_content: fromCampaign && random.chance(0.6) ? random.pick(utmContents) : null,
    referred_by: referred ? `customer:${random.int(1, Math.max(1, id - 1))}` : null,
    date_added: iso(dateAdded),
    suspended_at: suspendedAt ? iso(suspendedAt) : null,
    suspend_reason: suspension ? suspension[0] : null,
    suspend_description: suspension ? suspension[1] : null,
    failed_charge_amount: chargeFailed ? (lastCharge ?? 2900) : null,
    failed_charge_reason: failure,
    max_proj_id_for_charge_retry: chargeFailed ? random.int(10_000, 900_000) : null,
    number_of_charge_retries: retries,
    last_updated_row: iso(Math.min(updated, seedNow)),
    opened_email_cnt: random.int(0, 80),
    clicked_email_cnt: random.int(0, 20),
    abusive_suspicious: abusive,
    abusive_ignore: abusive && random.chance(0.3),
    is_partner: isPartner,
    is_managed_by_csm: subscription === 'CORPORATE_CONTRACT' || random.chance(0.01),
  };
}

/** Referred-and-subscribed never exceeds sign-ups. */
export function settleReferrals(row: CustomerSeedRow, random: Random): void {
  const signups = Number(row.referred_signups);
  row.referred_subscribed = signups ? random.int(0, signups) : 0;
}
