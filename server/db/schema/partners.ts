import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { activityTypes, appTypes, formsOfPayment, partnerTypes } from '../../../domain/partner-vocabulary';
import { customers } from './customers';
import { staff } from './staff';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/**
 * A marketing partner (spec §3 "Partner"). Money in minor units of `currency`. `num_of_activities`,
 * `total_subscribers` and `cac` are not stored: they are read from the activities and the customers they brought.
 * `updated_at` is also the row's version: an edit names the version it read (409 when stale).
 */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: partnerTypes }).notNull(),
    email: text('email').notNull(),
    /** Their referral code: customers they refer directly carry `referred_by = 'partner:' || ref`. */
    ref: text('ref').notNull(),
    /** Their own customer account, if any (their talent profiles come from it). */
    userId: integer('user_id').references(() => customers.id, { onDelete: 'set null' }),
    trialPhotosNewUser: integer('trial_photos_new_user').notNull().default(0),
    creditPerSubscriber: bigint('credit_per_subscriber', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    formOfPayment: text('form_of_payment', { enum: formsOfPayment }).notNull().default('CREDIT'),
    ownerStaffId: integer('owner_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    countInReports: boolean('count_in_reports').notNull().default(true),
    skipBasePayment: boolean('skip_base_payment').notNull().default(false),
    /** The public profile page (`/partner/{slug}`), once created. */
    profileSlug: text('profile_slug').unique(),
    profileHeadline: text('profile_headline'),
    profileCreatedAt: at('profile_created_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partners_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('partners_ref_lower').on(sql`lower(${t.ref})`),
    index('partners_updated_at_id').on(t.updatedAt, t.id),
    index('partners_type_updated_at_id').on(t.type, t.updatedAt, t.id),
    index('partners_owner_updated_at_id').on(t.ownerStaffId, t.updatedAt, t.id),
    index('partners_name_lower_id').on(sql`lower(${t.name})`, t.id),
    index('partners_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('partners_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    check('partners_credit_not_negative', sql`${t.creditPerSubscriber} >= 0`),
    check('partners_trial_photos_not_negative', sql`${t.trialPhotosNewUser} >= 0`),
  ],
);

/** A named campaign activities' `utm_campaign` can use (`POST partners/activities/campaigns`, `add_campaign`). */
export const activityCampaigns = pgTable(
  'activity_campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('activity_campaigns_name_lower').on(sql`lower(${t.name})`)],
);

/**
 * What a partner does for us (spec §3 "Partner activity"). Its customers are those whose utm_source, utm_campaign
 * and utm_content equal its own (content compared null-safely): one UTM set names one activity across both activity
 * tables, so no customer counts twice. Cost in minor units of USD.
 */
export const partnerActivities = pgTable(
  'partner_activities',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    type: text('type', { enum: activityTypes }).notNull(),
    description: text('description').notNull().default(''),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    eventDate: date('event_date', { mode: 'string' }),
    baseUrl: text('base_url').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    utmContent: text('utm_content'),
    slug: text('slug').unique(),
    ignoreSubscriberGrant: boolean('ignore_subscriber_grant').notNull().default(false),
    appType: text('app_type', { enum: appTypes }).notNull().default('PHOTO'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('partner_activities_partner').on(t.partnerId, t.id),
    index('partner_activities_updated_at_id').on(t.updatedAt, t.id),
    index('partner_activities_event_date_id').on(t.eventDate, t.id),
    index('partner_activities_type_updated_at_id').on(t.type, t.updatedAt, t.id),
    // The costliest (or cheapest) activities, of one type or all: a top-N index scan instead of a sort.
    index('partner_activities_cost_id').on(t.cost, t.id),
    index('partner_activities_type_cost_id').on(t.type, t.cost, t.id),
    uniqueIndex('partner_activities_utm_set').on(
      sql`lower(${t.utmSource})`,
      sql`lower(${t.utmCampaign})`,
      sql`lower(coalesce(${t.utmContent}, ''))`,
    ),
    check('partner_activities_cost_not_negative', sql`${t.cost} >= 0`),
  ],
);

/** Our own campaigns (spec §3 "Marketing activity"): same link builder and tracking as a partner activity. */
export const marketingActivities = pgTable(
  'marketing_activities',
  {
    id: serial('id').primaryKey(),
    activityName: text('activity_name').notNull(),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    numOfActivityDays: integer('num_of_activity_days').notNull().default(1),
    description: text('description').notNull().default(''),
    ownerStaffId: integer('owner_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    baseUrl: text('base_url').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    utmContent: text('utm_content'),
    slug: text('slug').unique(),
    /** The link carries the signed-up customer's ref id (`&ref_id=…` appended by the app). */
    refId: boolean('ref_id').notNull().default(false),
    appType: text('app_type', { enum: appTypes }).notNull().default('PHOTO'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('marketing_activities_start_date_id').on(t.startDate, t.id),
    index('marketing_activities_updated_at_id').on(t.updatedAt, t.id),
    uniqueIndex('marketing_activities_utm_set').on(
      sql`lower(${t.utmSource})`,
      sql`lower(${t.utmCampaign})`,
      sql`lower(coalesce(${t.utmContent}, ''))`,
    ),
    check('marketing_activities_cost_not_negative', sql`${t.cost} >= 0`),
    check('marketing_activities_days_positive', sql`${t.numOfActivityDays} >= 1`),
  ],
);

/**
 * The customers counted by what brought them, kept by triggers on `customers` (migration 0027): one row per UTM set
 * (utm_source, utm_campaign, utm_content; '' for none) and partner referrer (`referred_by` when it names a partner,
 * else ''), with how many signed up, pay now, used the app and edit in Lightroom. An activity's numbers are the sum of
 * its set's rows; a partner's subscribers are the sum of the rows its activities' sets or its ref match (each row
 * once, so a customer both attributed and referred counts once). Every customer write updates it in the same
 * transaction: never stale.
 */
export const attributionCounts = pgTable(
  'attribution_counts',
  {
    utmSource: text('utm_source').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    utmContent: text('utm_content').notNull(),
    referredBy: text('referred_by').notNull(),
    signups: integer('signups').notNull().default(0),
    subscribers: integer('subscribers').notNull().default(0),
    logins: integer('logins').notNull().default(0),
    lightroom: integer('lightroom').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.utmSource, t.utmCampaign, t.utmContent, t.referredBy] }),
    index('attribution_counts_referred_by').on(t.referredBy),
  ],
);

/**
 * A short link `/l/{slug}`: where it goes and how often it was opened. Exactly one of the two activities owns it; it
 * goes with its activity.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    slug: text('slug').primaryKey(),
    url: text('url').notNull(),
    partnerActivityId: integer('partner_activity_id').references(() => partnerActivities.id, { onDelete: 'cascade' }),
    marketingActivityId: integer('marketing_activity_id').references(() => marketingActivities.id, {
      onDelete: 'cascade',
    }),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    lastClickAt: at('last_click_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('short_links_partner_activity').on(t.partnerActivityId),
    index('short_links_marketing_activity').on(t.marketingActivityId),
    check('short_links_one_owner', sql`(${t.partnerActivityId} is null) <> (${t.marketingActivityId} is null)`),
  ],
);

/**
 * One visitor's click on a short link in one minute (issue 19): the key of the per-visitor counter, so a link counts
 * one click per visitor per minute. `visitor` is a keyed hash of the address and user agent, never the address.
 */
export const shortLinkVisits = pgTable(
  'short_link_visits',
  {
    slug: text('slug').notNull(),
    visitor: text('visitor').notNull(),
    minute: at('minute').notNull(),
  },
  (t) => [
    primaryKey({ name: 'short_link_visits_pkey', columns: [t.slug, t.visitor, t.minute] }),
    index('short_link_visits_minute').on(t.minute),
  ],
);

/**
 * A shop bundle (spec §3 "Bundle"): a seller's photo set sold as one product. Price in minor units of `currency`.
 * Its page is rebuilt by re_create (`page_version`); deleting is soft (`is_deleted`).
 */
export const bundles = pgTable(
  'bundles',
  {
    id: serial('id').primaryKey(),
    bundleName: text('bundle_name').notNull(),
    sellerName: text('seller_name').notNull(),
    tableId: integer('table_id').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    slug: text('slug').notNull().unique(),
    /** The photos of the bundle, in the order its page shows them. */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    isInShop: boolean('is_in_shop').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    discountPercentage: integer('discount_percentage'),
    discountStart: date('discount_start', { mode: 'string' }),
    discountExpiry: date('discount_expiry', { mode: 'string' }),
    pageVersion: integer('page_version').notNull().default(1),
    pageBuiltAt: at('page_built_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bundles_created_at_id').on(t.createdAt, t.id),
    check('bundles_price_not_negative', sql`${t.price} >= 0`),
    check('bundles_discount_range', sql`${t.discountPercentage} is null or (${t.discountPercentage} between 1 and 90)`),
  ],
);
