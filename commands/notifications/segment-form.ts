import { api } from '../../domain/api';
import type { notificationForm, segmentForm } from '../../domain/operations-forms';
import type { TableFilter } from '../../domain/table-query';
import { customerStatuses, customerStatusLabels, subscriptionLabels, subscriptionTypes } from '../../domain/users';
import { type FieldSpec, optionsFrom } from '../define';

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export const contentFields: Record<keyof typeof notificationForm.shape, FieldSpec> = {
  title: { kind: 'text', label: 'Title' },
  content: { kind: 'textarea', label: 'Text' },
  // The server's option calls fill these (another server may offer more than this console's domain knows).
  category: {
    kind: 'select',
    label: 'Category',
    options: optionsFrom(api.notifications.categoryOptions, {}, (answer) => answer.options),
  },
  sentiment: {
    kind: 'select',
    label: 'Sentiment',
    options: optionsFrom(api.notifications.sentimentOptions, {}, (answer) => answer.options),
  },
  trigger_type: {
    kind: 'select',
    label: 'Trigger',
    options: optionsFrom(api.notifications.triggerOptions, {}, (answer) => answer.options),
  },
  link: { kind: 'text', label: 'Link (optional)', placeholder: 'https://… or /path in the app' },
};

export const segmentFields: Record<keyof typeof segmentForm.shape, FieldSpec> = {
  segment_status: {
    kind: 'select',
    label: 'Customers who are',
    options: labelled(customerStatuses, customerStatusLabels),
  },
  segment_country: { kind: 'text', label: 'In country', placeholder: 'GB', hint: 'Empty: every country.' },
  segment_subscription: {
    kind: 'select',
    label: 'On subscription',
    options: labelled(subscriptionTypes, subscriptionLabels),
  },
};

/** The users_filter filters of the form's segment fields. */
export function segmentFilters(values: {
  segment_status?: string;
  segment_country?: string;
  segment_subscription?: string;
}): TableFilter[] {
  const filters: TableFilter[] = [];
  if (values.segment_status)
    filters.push({ kind: 'multi', column: 'status', op: 'equal', value: [values.segment_status] });
  if (values.segment_country) {
    filters.push({ kind: 'multi', column: 'country', op: 'equal', value: [values.segment_country.toUpperCase()] });
  }
  if (values.segment_subscription) {
    filters.push({ kind: 'multi', column: 'subscription_type', op: 'equal', value: [values.segment_subscription] });
  }
  return filters;
}

/** How people read a segment: "Active customers in GB on Metered", "every customer". */
export function segmentText(values: Parameters<typeof segmentFilters>[0]): string {
  const status = values.segment_status
    ? `${customerStatusLabels[values.segment_status as 'ACTIVE'].toLowerCase()} `
    : '';
  const country = values.segment_country ? ` in ${values.segment_country.toUpperCase()}` : '';
  const plan = values.segment_subscription
    ? ` on ${subscriptionLabels[values.segment_subscription as 'METERED'] ?? values.segment_subscription}`
    : '';
  return status || country || plan ? `${status}customers${country}${plan}` : 'every customer';
}
