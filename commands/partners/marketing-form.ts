import type { FieldSpec } from '../define';
import { linkFieldSpecs } from './activity-form';
import { ownerField } from './partner-form';

/** The marketing activity form's fields (the link builder's are shared with partner activities). */
export const marketingFieldSpecs = {
  activity_name: { kind: 'text', label: 'Activity', placeholder: 'e.g. Black Friday push' },
  owner_tp_user_id: ownerField,
  cost: { kind: 'money', label: 'Cost', placeholder: '0', hint: 'In USD.' },
  start_date: { kind: 'date', label: 'Start date' },
  num_of_activity_days: { kind: 'number', label: 'Days', placeholder: 'e.g. 14' },
  description: { kind: 'textarea', label: 'Description', placeholder: 'optional' },
  ...linkFieldSpecs,
  ref_id: { kind: 'checkbox', label: 'Add the customer’s ref id to the link' },
} satisfies Record<string, FieldSpec>;
