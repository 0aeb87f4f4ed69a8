import { issueInWords } from '../../commands/issue-words';
import {
  editableDetailFields,
  type SaveUserDetailsBody,
  saveUserDetailsBody,
  type UserDetails,
} from '../../domain/user-details';

/** Each details field's label, as the form and its messages name it. */
export const detailLabels: Record<DetailField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  business_name: 'Business name',
  cc_emails: 'CC e-mails',
  vat_id: 'VAT id',
  country: 'Country',
  address: 'Address',
  notes: 'Notes',
};

/** An editable field of the details form. */
export type DetailField = (typeof editableDetailFields)[number];

/** The form as typed: every editable field as text (cc e-mails separated by commas). */
export type DetailsDraft = Record<DetailField, string>;

/** Messages per field, from the domain schema the server validates with. */
export type DraftErrors = Partial<Record<DetailField, string>>;

/** The form's starting text for saved details. */
export function draftOf(details: UserDetails): DetailsDraft {
  return {
    first_name: details.first_name,
    last_name: details.last_name,
    email: details.email,
    business_name: details.business_name ?? '',
    cc_emails: details.cc_emails.join(', '),
    vat_id: details.vat_id ?? '',
    country: details.country ?? '',
    address: details.address ?? '',
    notes: details.notes ?? '',
  };
}

/** The cc e-mails typed, one per comma, semicolon or space. */
export function ccEmailList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);
}

function sameValue(field: DetailField, saved: UserDetails, typed: string): boolean {
  if (field === 'cc_emails') return ccEmailList(typed).join('\n') === saved.cc_emails.join('\n');
  if (field === 'email') return typed.trim().toLowerCase() === saved.email.toLowerCase();
  return typed.trim() === (saved[field] ?? '');
}

/** The fields whose text differs from what was saved. */
export function changedFields(saved: UserDetails, draft: DetailsDraft): DetailField[] {
  return editableDetailFields.filter((field) => !sameValue(field, saved, draft[field]));
}

/** The save request: only the changed fields, and the version the form was based on. */
export function saveBodyOf(saved: UserDetails, draft: DetailsDraft): SaveUserDetailsBody {
  const body: Record<string, unknown> = { last_updated_row: saved.last_updated_row };
  for (const field of changedFields(saved, draft)) {
    body[field] = field === 'cc_emails' ? ccEmailList(draft[field]) : draft[field];
  }
  return body as SaveUserDetailsBody;
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The form field a server error names (`email`, `cc_emails.1`, `/body/email`), if the form has it. */
export function fieldOfServerError(field: string | undefined): DetailField | undefined {
  const parts = field?.split(/[./]/) ?? [];
  return parts.find((part): part is DetailField => (editableDetailFields as readonly string[]).includes(part));
}

/** A server message for under its field: without the leading `field: ` it repeats, as a sentence. */
export function fieldMessage(message: string): string {
  return sentence(message.replace(/^[\w./]+: /, ''));
}

/** Validates the save request with the server's schema; messages land on their field. */
export function validateSave(body: SaveUserDetailsBody): DraftErrors {
  const result = saveUserDetailsBody.safeParse(body);
  if (result.success) return {};
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (editableDetailFields as readonly string[]).includes(field)) {
      const name = field as DetailField;
      const words = issueInWords(issue, { kind: name === 'notes' ? 'textarea' : 'text', label: detailLabels[name] });
      errors[name] ??= issue.path.length > 1 ? `${words} (${String(issue.path[1])})` : words;
    }
  }
  return errors;
}
