import { formOfPaymentLabels, formsOfPayment, partnerTypeLabels, partnerTypes } from '../../domain/partner-vocabulary';
import type { Header } from '../../domain/tables';
import { tableHeader } from '../tables/header';

const booleanChoices = { options: ['true', 'false'], option_labels: { true: 'Yes', false: 'No' } };

/** The partners table's columns; the computed ones (activities, subscribers, CAC) neither filter nor sort. */
export const partnersTableHeaders: readonly Header[] = [
  tableHeader('id', 'ID', 'NUMBER', 'number'),
  tableHeader('name', 'Name', 'TEXT', 'text'),
  tableHeader('type', 'Type', 'TAG', 'multi', { options: [...partnerTypes], option_labels: partnerTypeLabels }),
  tableHeader('email', 'E-mail', 'TEXT', 'text'),
  tableHeader('ref', 'Ref', 'TEXT', 'text'),
  tableHeader('owner_tp_user_name', 'Owner', 'TEXT', null),
  tableHeader('owner_tp_user_id', 'Owner id', 'TAG', 'multi', { default_visible: false }),
  tableHeader('num_of_activities', 'Activities', 'NUMBER', null),
  tableHeader('total_subscribers', 'Subscribers', 'NUMBER', null),
  tableHeader('cac', 'CAC', 'CURRENCY', null),
  tableHeader('credit_per_subscriber', 'Credit / subscriber', 'CURRENCY', 'number'),
  tableHeader('form_of_payment', 'Payment', 'TAG', 'multi', {
    options: [...formsOfPayment],
    option_labels: formOfPaymentLabels,
  }),
  tableHeader('trial_photos_new_user', 'Trial photos', 'NUMBER', 'number', { default_visible: false }),
  tableHeader('user_id', 'Customer id', 'NUMBER', 'number', { default_visible: false }),
  tableHeader('count_in_reports', 'In reports', 'BOOLEAN_CHECK', 'multi', {
    ...booleanChoices,
    default_visible: false,
  }),
  tableHeader('skip_base_payment', 'Skip base payment', 'BOOLEAN_CHECK', 'multi', {
    ...booleanChoices,
    default_visible: false,
  }),
  tableHeader('updated_at', 'Updated', 'DATETIME', 'date'),
  tableHeader('quick_actions', 'Actions', 'ROW_MENU', null),
];
