import { type LabelledEnum, labelledEnums, optionLabelsOf } from '../../domain/labels';
import type { Header } from '../../domain/tables';
import { countries } from '../seed/vocabulary';

type Column = Omit<Header, 'sortable' | 'default_visible' | 'filter'> &
  Partial<Pick<Header, 'sortable' | 'filter'>> & { visible?: boolean };

const filterOf: Record<Header['type'], Header['filter']> = {
  TEXT: 'text',
  NUMBER: 'number',
  DATE: 'date',
  DATETIME: 'date',
  CURRENCY: 'number',
  TAG: 'multi',
  LINK: null,
  STATUS: 'multi',
  PROGRESS: null,
  ROW_MENU: null,
  BOOLEAN_CHECK: 'multi',
};

/** A STATUS/TAG/BOOLEAN_CHECK column's options and the domain's label of each. */
function choices(labelled: LabelledEnum): Pick<Header, 'options' | 'option_labels'> {
  return { options: [...labelled.values], option_labels: optionLabelsOf(labelled) };
}

const columns: Column[] = [
  { key: 'id', label: 'ID', type: 'NUMBER', visible: true },
  { key: 'email', label: 'E-mail', type: 'TEXT', visible: true },
  { key: 'first_name', label: 'First name', type: 'TEXT', visible: true },
  { key: 'last_name', label: 'Last name', type: 'TEXT', visible: true },
  { key: 'status', label: 'Status', type: 'STATUS', ...choices(labelledEnums.customerStatus), visible: true },
  {
    key: 'subscription_type',
    label: 'Subscription',
    type: 'TAG',
    ...choices(labelledEnums.subscriptionType),
    visible: true,
  },
  { key: 'date_added', label: 'Date added', type: 'DATETIME', visible: true },
  { key: 'last_charge_amount', label: 'Last charge', type: 'CURRENCY', visible: true },
  { key: 'charge_failed', label: 'Charge failed', type: 'BOOLEAN_CHECK', ...choices(labelledEnums.boolean) },
  { key: 'username', label: 'Username', type: 'TEXT' },
  { key: 'business_name', label: 'Business name', type: 'TEXT' },
  { key: 'country', label: 'Country', type: 'TAG', options: countries.map(([code]) => code) },
  {
    key: 'culling_subscription_type',
    label: 'Culling subscription',
    type: 'TAG',
    ...choices(labelledEnums.cullingSubscriptionType),
  },
  { key: 'profiles_exist_max', label: 'Profiles', type: 'PROGRESS', sortable: false },
  { key: 'photos_for_trial', label: 'Trial photos', type: 'PROGRESS', sortable: false },
  { key: 'remaining_photos_for_trial', label: 'Trial photos left', type: 'NUMBER' },
  { key: 'charge_date', label: 'Charge date', type: 'DATETIME' },
  { key: 'failed_charge_amount', label: 'Failed charge', type: 'CURRENCY' },
  { key: 'failed_charge_reason', label: 'Failure reason', type: 'TEXT' },
  { key: 'number_of_charge_retries', label: 'Charge retries', type: 'NUMBER' },
  { key: 'payment_link', label: 'Payment link', type: 'LINK', sortable: false },
  { key: 'affiliate', label: 'Affiliate', type: 'TEXT' },
  { key: 'referred_by', label: 'Referred by', type: 'TEXT' },
  { key: 'utm_source', label: 'UTM source', type: 'TEXT' },
  { key: 'utm_campaign', label: 'UTM campaign', type: 'TEXT' },
  { key: 'utm_content', label: 'UTM content', type: 'TEXT' },
  { key: 'suspended_user_date', label: 'Suspended on', type: 'DATETIME' },
  { key: 'suspend_reason', label: 'Suspend reason', type: 'TAG', ...choices(labelledEnums.suspendReason) },
  { key: 'opened_email_cnt', label: 'E-mails opened', type: 'NUMBER' },
  { key: 'clicked_email_cnt', label: 'E-mails clicked', type: 'NUMBER' },
  { key: 'vat_id', label: 'VAT id', type: 'TEXT' },
  { key: 'abusive_suspicious', label: 'Abusive suspicious', type: 'BOOLEAN_CHECK', ...choices(labelledEnums.boolean) },
  { key: 'is_partner', label: 'Partner', type: 'BOOLEAN_CHECK', ...choices(labelledEnums.boolean) },
  { key: 'is_managed_by_csm', label: 'Managed by CSM', type: 'BOOLEAN_CHECK', ...choices(labelledEnums.boolean) },
  { key: 'last_updated_row', label: 'Last updated', type: 'DATETIME' },
  { key: 'quick_actions', label: 'Actions', type: 'ROW_MENU', sortable: false, filter: null, visible: true },
];

/** The columns of the customers table, in display order: type, filter kind, and whether shown by default. */
export const usersTableHeaders: readonly Header[] = columns.map(({ visible, sortable, filter, ...column }) => ({
  ...column,
  sortable: sortable ?? column.type !== 'ROW_MENU',
  filter: filter === undefined ? filterOf[column.type] : filter,
  default_visible: visible ?? false,
}));
