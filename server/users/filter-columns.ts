import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cullingSubscriptionTypes, customerStatuses, subscriptionTypes, suspendReasonValues } from '../../domain/users';
import { customers } from '../db/schema';
import type { ColumnSqlType, TableColumn, TableSource } from '../tables/filter-sql';
import { usersTableHeaders } from './headers';

function column(
  source: AnyPgColumn | SQL,
  type: ColumnSqlType,
  extra: Partial<Omit<TableColumn, 'sql' | 'type'>> = {},
): TableColumn {
  const expression = 'getSQL' in source && !('queryChunks' in source) ? sql`${source}` : (source as SQL);
  const nullable = 'notNull' in source ? !source.notNull : (extra.nullable ?? false);
  return { sql: expression, type, nullable, ...extra };
}

const text = (source: AnyPgColumn) => column(source, 'text');
const count = (source: AnyPgColumn) => column(source, 'integer');
const moment = (source: AnyPgColumn) => column(source, 'timestamptz');
const flag = (source: AnyPgColumn) => column(source, 'boolean');
const money = (source: AnyPgColumn) => column(source, 'bigint', { money: true });

/** Every sortable or filterable column of the customers table (header key → SQL). */
export const customerColumns: Readonly<Record<string, TableColumn>> = {
  id: count(customers.id),
  email: text(customers.email),
  first_name: text(customers.firstName),
  last_name: text(customers.lastName),
  status: column(customers.status, 'text', { values: customerStatuses }),
  subscription_type: column(customers.subscriptionType, 'text', { values: subscriptionTypes }),
  date_added: moment(customers.dateAdded),
  last_charge_amount: money(customers.lastChargeAmount),
  charge_failed: flag(customers.chargeFailed),
  username: text(customers.username),
  business_name: text(customers.businessName),
  country: text(customers.country),
  culling_subscription_type: column(customers.cullingSubscriptionType, 'text', { values: cullingSubscriptionTypes }),
  remaining_photos_for_trial: column(
    sql`greatest(0, ${customers.trialPhotosMax} - ${customers.trialPhotosUsed})`,
    'integer',
  ),
  charge_date: moment(customers.chargeDate),
  failed_charge_amount: money(customers.failedChargeAmount),
  failed_charge_reason: text(customers.failedChargeReason),
  number_of_charge_retries: count(customers.numberOfChargeRetries),
  affiliate: text(customers.affiliate),
  referred_by: text(customers.referredBy),
  utm_source: text(customers.utmSource),
  utm_campaign: text(customers.utmCampaign),
  utm_content: text(customers.utmContent),
  suspended_user_date: moment(customers.suspendedAt),
  suspend_reason: column(customers.suspendReason, 'text', { values: suspendReasonValues }),
  opened_email_cnt: count(customers.openedEmailCnt),
  clicked_email_cnt: count(customers.clickedEmailCnt),
  vat_id: text(customers.vatId),
  abusive_suspicious: flag(customers.abusiveSuspicious),
  is_partner: flag(customers.isPartner),
  is_managed_by_csm: flag(customers.isManagedByCsm),
  last_updated_row: moment(customers.lastUpdatedRow),
};

/** The customers list as `compileTableQuery` reads it; newest first by default. */
export const customersSource: TableSource = {
  headers: usersTableHeaders,
  columns: customerColumns,
  id: sql`${customers.id}`,
  defaultSort: { column: 'date_added', direction: 'desc' },
};
