import { activityTypeLabels, activityTypes, appTypeLabels, appTypes } from '../../domain/partner-vocabulary';
import type { Permission } from '../../domain/permissions';
import type { Header } from '../../domain/tables';
import { tableHeader } from '../tables/header';

/** The tracking columns of both activity tables (answered to view_tracking holders only). */
export const trackingHeaders: readonly Header[] = [
  tableHeader('num_of_signups', 'Signups', 'NUMBER', null),
  tableHeader('num_of_subscribers', 'Subscribers', 'NUMBER', null),
  tableHeader('num_of_logins', 'Logins', 'NUMBER', null, { default_visible: false }),
  tableHeader('num_of_lightroom_users', 'Lightroom users', 'NUMBER', null, { default_visible: false }),
  tableHeader('cac', 'CAC', 'CURRENCY', null),
  tableHeader('clicks', 'Clicks (one per visitor a minute)', 'NUMBER', null),
];

/** The link builder's columns, shared by both activity tables. */
export const linkHeaders: readonly Header[] = [
  tableHeader('utm_source', 'UTM source', 'TEXT', 'text'),
  tableHeader('utm_medium', 'UTM medium', 'TEXT', 'text', { default_visible: false }),
  tableHeader('utm_campaign', 'UTM campaign', 'TEXT', 'text'),
  tableHeader('utm_content', 'UTM content', 'TEXT', 'text', { default_visible: false }),
  tableHeader('slug', 'Slug', 'TEXT', 'text', { default_visible: false }),
  tableHeader('short_link', 'Short link', 'LINK', null),
  tableHeader('link', 'Link', 'LINK', null, { default_visible: false }),
  tableHeader('base_url', 'Base URL', 'TEXT', 'text', { default_visible: false }),
  tableHeader('app_type', 'App', 'TAG', 'multi', {
    options: [...appTypes],
    option_labels: appTypeLabels,
    default_visible: false,
  }),
];

export const activitiesTableHeaders: readonly Header[] = [
  tableHeader('id', 'ID', 'NUMBER', 'number'),
  tableHeader('partner_name', 'Partner', 'TEXT', null),
  tableHeader('partner_id', 'Partner id', 'NUMBER', 'number', { default_visible: false }),
  tableHeader('type', 'Type', 'TAG', 'multi', { options: [...activityTypes], option_labels: activityTypeLabels }),
  tableHeader('description', 'Description', 'TEXT', 'text', { default_visible: false }),
  tableHeader('cost', 'Cost', 'CURRENCY', 'number'),
  tableHeader('event_date', 'Event date', 'DATE', 'date'),
  ...linkHeaders,
  ...trackingHeaders,
  tableHeader('ignore_subscriber_grant', 'Ignore subscriber grant', 'BOOLEAN_CHECK', 'multi', {
    options: ['true', 'false'],
    option_labels: { true: 'Yes', false: 'No' },
    default_visible: false,
  }),
  tableHeader('updated_at', 'Updated', 'DATETIME', 'date', { default_visible: false }),
  tableHeader('quick_actions', 'Actions', 'ROW_MENU', null),
];

/** A table's headers without the tracking columns for callers without view_tracking. */
export function headersWithTracking(headers: readonly Header[], can: (permission: Permission) => boolean): Header[] {
  const hiddenKeys = new Set(trackingHeaders.map((header) => header.key));
  return headers.filter((header) => can('view_tracking') || !hiddenKeys.has(header.key));
}
