import { refusalOf } from '../../domain/labels';
import { type Currency, currencies, money } from '../../domain/money';
import { actionPermissions, can, type Permission } from '../../domain/permissions';
import type { Role } from '../../domain/roles';
import type { QuickAction } from '../../domain/tables';
import {
  type CustomerRow,
  cullingSubscriptionTypes,
  type SubscriptionType,
  subscriptionTypes,
  type UserQuickAction,
} from '../../domain/users';
import type { customers } from '../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';

/** A customers row as drizzle reads it. */
export type CustomerRecord = typeof customers.$inferSelect;

/** The permissions that let a role run each row action (any of them). */
const quickActionPermissions: Record<UserQuickAction, readonly Permission[]> = {
  ADD_TRIAL_PHOTOS: [actionPermissions.add_trial_photos],
  SUSPEND_USER: [actionPermissions.suspend],
  UNSUSPEND_USER: [actionPermissions.unsuspend],
  SEND_RESET_PASSWORD_EMAIL: [actionPermissions.send_reset_password_email],
  GIVE_CREDIT: ['give_credit', 'give_credit_capped'],
  CHARGE_AND_UNSUSPEND: [actionPermissions.charge_and_unsuspend],
};

/** The row actions a customer in this state offers (data-and-calls-spec §4). */
export function offeredActions(record: Pick<CustomerRecord, 'status' | 'chargeFailed'>): UserQuickAction[] {
  if (record.status === 'SUSPENDED') {
    return [
      'UNSUSPEND_USER',
      ...(record.chargeFailed ? (['CHARGE_AND_UNSUSPEND'] as const) : []),
      'SEND_RESET_PASSWORD_EMAIL',
      'GIVE_CREDIT',
    ];
  }
  return ['ADD_TRIAL_PHOTOS', 'SUSPEND_USER', 'SEND_RESET_PASSWORD_EMAIL', 'GIVE_CREDIT'];
}

/** The offered actions for a role: disabled, with the reason, where the role lacks the permission. */
export function quickActionsFor(record: Pick<CustomerRecord, 'status' | 'chargeFailed'>, role: Role): QuickAction[] {
  return offeredActions(record).map((name) => {
    const allowed = quickActionPermissions[name].some((permission) => can(role, permission));
    return { name, is_disabled: !allowed, disable_message: allowed ? null : refusalOf(quickActionPermissions[name]) };
  });
}

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A stored customer as the table row of the spec, with the row actions the caller's role may see. */
export function customerRow(record: CustomerRecord, role: Role): CustomerRow {
  const currency: Currency = oneOf(currencies, record.currency, 'USD');
  const subscription: SubscriptionType = oneOf(subscriptionTypes, record.subscriptionType, 'METERED');
  const status = record.status === 'SUSPENDED' ? 'SUSPENDED' : 'ACTIVE';
  return {
    id: record.id,
    username: record.username,
    email: record.email,
    first_name: record.firstName,
    last_name: record.lastName,
    payment_link: record.paymentLink,
    subscription_type: subscription,
    culling_subscription_type: oneOf(cullingSubscriptionTypes, record.cullingSubscriptionType, 'NONE'),
    profiles_exist_max: `${record.profilesUsed}/${record.profilesMax}`,
    photos_for_trial: `${record.trialPhotosUsed}/${record.trialPhotosMax}`,
    remaining_photos_for_trial: Math.max(0, record.trialPhotosMax - record.trialPhotosUsed),
    referred_users: { signups: record.referredSignups, subscribed: record.referredSubscribed },
    charge_date: isoTimestampOrNull(record.chargeDate),
    last_charge_amount: record.lastChargeAmount === null ? null : money(record.lastChargeAmount, currency),
    affiliate: record.affiliate,
    charge_failed: record.chargeFailed,
    status,
    quick_actions: quickActionsFor(record, role),
    utm_source: record.utmSource,
    utm_campaign: record.utmCampaign,
    utm_content: record.utmContent,
    referred_by: record.referredBy,
    date_added: isoTimestamp(record.dateAdded),
    suspended_user: status === 'SUSPENDED',
    suspended_user_date: isoTimestampOrNull(record.suspendedAt),
    suspend_reason: record.suspendReason,
    suspend_description: record.suspendDescription,
    failed_charge_amount: record.failedChargeAmount === null ? null : money(record.failedChargeAmount, currency),
    failed_charge_reason: record.failedChargeReason,
    max_proj_id_for_charge_retry: record.maxProjIdForChargeRetry,
    number_of_charge_retries: record.numberOfChargeRetries,
    last_updated_row: isoTimestamp(record.lastUpdatedRow),
    opened_email_cnt: record.openedEmailCnt,
    clicked_email_cnt: record.clickedEmailCnt,
    business_name: record.businessName,
    vat_id: record.vatId,
    country: record.country,
    address: record.address,
    abusive_suspicious: record.abusiveSuspicious,
    abusive_ignore: record.abusiveIgnore,
    is_partner: record.isPartner,
    is_managed_by_csm: record.isManagedByCsm,
    currency,
  };
}
