import { api } from '../../domain/api';
import { type FieldSpec, optionsFrom } from '../define';
import { linkFieldSpecs } from './activity-form';

/** The marketing activity form's fields (the link builder's are shared with partner activities). */
export const marketingFieldSpecs = {
  activity_name: { kind: 'text', label: 'Activity', placeholder: 'e.g. Black Friday push' },
  owner_tp_user_id: {
    kind: 'select',
    label: 'Owner',
    placeholder: 'No owner',
    numeric: true,
    options: optionsFrom(api.partners.owners, {}, (answer) =>
      answer.data.map((owner) => ({ value: String(owner.id), label: owner.name })),
    ),
  },
  cost: { kind: 'money', label: 'Cost', placeholder: '0', hint: 'In USD.' },
  start_date: { kind: 'date', label: 'Start date' },
  num_of_activity_days: { kind: 'number', label: 'Days', placeholder: 'e.g. 14' },
  description: { kind: 'textarea', label: 'Description', placeholder: 'optional' },
  ...linkFieldSpecs,
  ref_id: { kind: 'checkbox', label: 'Add the customer’s ref id to the link' },
} satisfies Record<string, FieldSpec>;
