import { api } from '../../../domain/api';
import { type Currency, currencies, money } from '../../../domain/money';
import type { CullingTile } from '../../../domain/user-details';
import { paymentLinkKinds, paymentLinkLabels } from '../../../domain/user-details';
import { cullingSubscriptionLabels, cullingSubscriptionTypes, subscriptionTypes } from '../../../domain/users';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { handle } from '../../http/handler';
import { promotionsTakenBy } from '../../marketing/promotions-taken';
import { customerAppUrl, findCustomer } from '../customer-records';
import type { CustomerRecord } from '../rows';
import { otherAccountsOf } from './other-accounts';

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function currencyOf(record: CustomerRecord): Currency {
  return oneOf(currencies, record.currency, 'USD');
}

/**
 * The culling tile of a stored customer (also the answer of the culling actions). `plan_info` names the plan with
 * the domain's label ("Monthly culling plan"); its dates are `plan_start`/`plan_end`, which the console formats.
 */
export function cullingTileOf(record: CustomerRecord): CullingTile {
  const type = oneOf(cullingSubscriptionTypes, record.cullingSubscriptionType, 'NONE');
  return {
    culling_subscription_type: type,
    plan_info: type === 'NONE' ? null : `${cullingSubscriptionLabels[type]} culling plan`,
    plan_start: isoTimestampOrNull(record.cullingPlanStart),
    plan_end: isoTimestampOrNull(record.cullingPlanEnd),
    culling_credits: record.cullingCredits,
  };
}

/** The customer app's page behind a payment link. */
export function paymentLinkUrl(record: CustomerRecord, kind: (typeof paymentLinkKinds)[number]): string {
  if (kind === 'CHECKOUT' && record.paymentLink) return record.paymentLink;
  return `${customerAppUrl}/billing/${kind.toLowerCase().replaceAll('_', '-')}?customer=${record.id}`;
}

/** Header tiles: personal info, subscription types, next charge. */
export const getUserTiles = handle(api.userDetails.tiles, async ({ db, params }) => {
  const record = await findCustomer(db, params.user_id);
  const subscription = oneOf(subscriptionTypes, record.subscriptionType, 'METERED');
  const charging = subscription !== 'CANCELLED';
  return {
    personal_info: {
      full_name: `${record.firstName} ${record.lastName}`.trim(),
      email: record.email,
      country: record.country,
      business_name: record.businessName,
      date_added: isoTimestamp(record.dateAdded),
      status: record.status === 'SUSPENDED' ? ('SUSPENDED' as const) : ('ACTIVE' as const),
    },
    subscription_types: {
      editing: subscription,
      culling: oneOf(cullingSubscriptionTypes, record.cullingSubscriptionType, 'NONE'),
    },
    next_charge: {
      date: charging ? isoTimestampOrNull(record.chargeDate) : null,
      amount: charging && record.lastChargeAmount !== null ? money(record.lastChargeAmount, currencyOf(record)) : null,
    },
  };
});

/** Payment details: vendor, method, and the three payment links. */
export const getUserPayments = handle(api.userDetails.payments, async ({ db, params }) => {
  const record = await findCustomer(db, params.user_id);
  const fields = [
    { label: 'Charge failed', value: record.chargeFailed ? 'Yes' : 'No' },
    { label: 'Charge retries', value: String(record.numberOfChargeRetries) },
  ];
  if (record.failedChargeReason) fields.push({ label: 'Failure reason', value: record.failedChargeReason });
  return {
    charging_vendor: record.chargingVendor,
    payment_method_details: record.paymentMethodDetails,
    date_updated: isoTimestampOrNull(record.paymentUpdatedAt),
    currency: currencyOf(record),
    country: record.country,
    first_name: record.firstName,
    last_name: record.lastName,
    fields,
    payment_links: paymentLinkKinds.map((kind) => ({
      kind,
      url: paymentLinkUrl(record, kind),
      label: paymentLinkLabels[kind],
    })),
  };
});

/** The additional-info tiles of spec §3, in its order. */
export const getUserAdditionalInfo = handle(api.userDetails.additionalInfo, async ({ db, params }) => {
  const record = await findCustomer(db, params.user_id);
  const others = await otherAccountsOf(db, record);
  // The Promotions tile: what the record says, then the promotion links the customer took (newest first).
  const promotions = [record.promotions, ...(await promotionsTakenBy(db, record.id))].filter(Boolean).join('; ');
  const text = (title: string, value: string | null) => ({ title, value, type: 'TEXT' as const });
  return {
    tiles: [
      text('Referred by', record.referredBy),
      text('Affiliator', record.affiliate),
      { title: 'Date added', value: isoTimestamp(record.dateAdded), type: 'DATE' as const },
      text('OS', record.os),
      text('User token', record.userToken),
      {
        ...text('Other users ids', others.length > 0 ? others.map((other) => other.user_id).join(', ') : null),
        links: others,
      },
      text('Abusive types', record.abusiveTypes),
      text('Editing software', record.editingSoftware),
      text('Coupon', record.coupon),
      text('CC email', record.ccEmails.length > 0 ? record.ccEmails.join(', ') : null),
      text('Promotions', promotions || null),
    ],
  };
});

/** The backup tile. */
export const getUserBackup = handle(api.userDetails.backup, async ({ db, params }) => {
  const record = await findCustomer(db, params.user_id);
  return {
    plan_info: record.backupPlan,
    used_storage_gb: record.backupUsedGb,
    total_storage_gb: record.backupTotalGb,
    high_res_backup_type: record.backupHighResType,
    plan_start: isoTimestampOrNull(record.backupPlanStart),
    plan_cancelled: record.backupCancelledAt !== null,
    cancelled_at: isoTimestampOrNull(record.backupCancelledAt),
    cancellation_details: record.backupCancelDetails,
  };
});

/** The culling tile. */
export const getUserCulling = handle(api.userDetails.culling, async ({ db, params }) =>
  cullingTileOf(await findCustomer(db, params.user_id)),
);
