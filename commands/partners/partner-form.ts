import { api } from '../../domain/api';
import { idParam } from '../../domain/endpoint';
import { formOfPaymentLabels, formsOfPayment } from '../../domain/partner-vocabulary';
import { partnerEmailSchema, partnerRefSchema } from '../../domain/partners';
import { call } from '../../src/http';
import { type FieldSpec, optionsFrom } from '../define';
import type { AvailabilitySpec } from '../field-availability';
import type { FormValues } from '../form-values';
import { customerField } from '../linked-choices';
import { partnerField } from '../record-choices';

/** What a partner command changes on screen. */
export const partnerViews = [api.partners.filter, api.partners.search, api.partnerActivities.filter] as const;

const text = (values: Readonly<FormValues>, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
};
const editedId = (values: Readonly<FormValues>) => {
  const parsed = idParam.safeParse(text(values, 'partner_id'));
  return parsed.success ? parsed.data : undefined;
};

/** The e-mail is free among partners (the partner being edited keeps its own). */
export const emailAvailability: AvailabilitySpec = {
  key: (values) => {
    const parsed = partnerEmailSchema.safeParse(text(values, 'email'));
    return parsed.success ? `${parsed.data} ${editedId(values) ?? ''}` : null;
  },
  check: async (values, signal) => {
    const answer = await call(
      api.partners.isEmailAvailable,
      { query: { email: text(values, 'email'), partner_id: editedId(values) } },
      { signal, silent: true },
    );
    return answer.data.is_partner_email_available ? null : 'Another partner already uses this e-mail';
  },
};

/** The ref is free among partners, case-insensitively. */
export const refAvailability: AvailabilitySpec = {
  key: (values) => {
    const parsed = partnerRefSchema.safeParse(text(values, 'ref'));
    return parsed.success ? `${parsed.data.toLowerCase()} ${editedId(values) ?? ''}` : null;
  },
  check: async (values, signal) => {
    const answer = await call(
      api.partners.isRefAvailable,
      { query: { ref: text(values, 'ref'), partner_id: editedId(values) } },
      { signal, silent: true },
    );
    return answer.data.is_partner_ref_available ? null : 'Another partner already uses this ref';
  },
};

const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** The staff member who owns a partner or a marketing activity (the owners call's list; none allowed). */
export const ownerField: FieldSpec = {
  kind: 'select',
  label: 'Owner',
  placeholder: 'No owner',
  numeric: true,
  options: optionsFrom(api.partners.owners, {}, (answer) =>
    answer.data.map((owner) => ({ value: String(owner.id), label: owner.name })),
  ),
};

/** The partner form's fields, shared by create and edit. */
export const partnerFields = {
  name: { kind: 'text', label: 'Name', placeholder: 'Person or studio' },
  type: {
    kind: 'select',
    label: 'Type',
    placeholder: 'Choose a type…',
    options: optionsFrom(api.partners.types, {}, (answer) => answer.data),
  },
  email: { kind: 'text', label: 'E-mail', placeholder: 'name@example.com', availability: emailAvailability },
  ref: {
    kind: 'text',
    label: 'Ref',
    placeholder: 'their referral code',
    hint: 'Customers they refer carry it.',
    availability: refAvailability,
  },
  owner_tp_user_id: ownerField,
  credit_per_subscriber: { kind: 'money', label: 'Credit per subscriber', placeholder: '0', hint: 'In USD.' },
  form_of_payment: {
    kind: 'select',
    label: 'Form of payment',
    placeholder: 'Credit',
    options: formsOfPayment.map((value) => ({ value, label: formOfPaymentLabels[value] })),
  },
  trial_photos_new_user: { kind: 'number', label: 'Trial photos for a new customer', placeholder: '0' },
  user_id: {
    ...customerField,
    label: 'Their customer account',
    placeholder: 'Optional: type part of their name, e-mail or id',
    hint: 'The Loupe customer account their talent profiles are on.',
  },
  count_in_reports: { kind: 'select', label: 'Count in reports', placeholder: 'Yes', options: yesNo },
  skip_base_payment: { kind: 'select', label: 'Skip base payment', placeholder: 'No', options: yesNo },
} satisfies Record<string, FieldSpec>;

export { createPartnerForm, editPartnerForm } from '../../domain/partner-forms';

export const partnerIdField: FieldSpec = partnerField;

export const versionField: FieldSpec = {
  kind: 'text',
  label: 'Version',
  hint: 'The updated_at you read: if someone saved since, the save is refused and you reload.',
};
