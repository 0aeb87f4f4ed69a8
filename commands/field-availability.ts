import { proxy } from 'valtio';
import type { FieldValue } from '../src/ui/fields/types';

/** What a person typed, by field name (as `FormValues`; declared here so define.ts can name this file's types). */
type FormValues = Record<string, FieldValue>;

/**
 * An availability check of a form field against the server (a partner's e-mail or ref, a UTM set, a slug): run as
 * the person types (debounced by the form), and again on submit; the form's Confirm waits until it passes. The server
 * holds the same rule and refuses on its own (409 or 400 naming the field).
 */
export interface AvailabilitySpec {
  /**
   * What the check depends on, as one string (e.g. the e-mail typed); null when there is nothing to check yet (empty,
   * or malformed: the schema's own message says so).
   */
  key(values: Readonly<FormValues>): string | null;
  /** Asks the server: a message when it is not available, null when it is. */
  check(values: Readonly<FormValues>, signal: AbortSignal): Promise<string | null>;
}

/** Where one field's check stands, for the key it was made for. */
export interface FieldAvailability {
  key: string;
  state: 'checking' | 'available' | 'unavailable' | 'unknown';
  /** Why it is not available (state `unavailable`). */
  message?: string;
}

/** The open form's checks by field name (reset with every new run). */
export const fieldAvailability = proxy<{ serial: number; fields: Record<string, FieldAvailability> }>({
  serial: 0,
  fields: {},
});

/** Records a field's check for the run `serial` (a result for an older run is dropped). */
export function setFieldAvailability(serial: number, name: string, entry: FieldAvailability | null): void {
  if (fieldAvailability.serial !== serial) {
    fieldAvailability.serial = serial;
    fieldAvailability.fields = {};
  }
  if (entry) fieldAvailability.fields[name] = entry;
  else delete fieldAvailability.fields[name];
}

/** The field's check if it is for the values now in the form. */
export function currentAvailability(serial: number, name: string, key: string | null): FieldAvailability | undefined {
  if (key === null || fieldAvailability.serial !== serial) return undefined;
  const entry = fieldAvailability.fields[name];
  return entry?.key === key ? entry : undefined;
}

/**
 * What stops the form from going on: a field whose check says unavailable (its message, under the field), or checks
 * still running (a form-level note). A check the server could not answer does not block: the action checks again.
 */
export function availabilityBlock(
  spec: { fields: Readonly<Record<string, { availability?: AvailabilitySpec }>> } | undefined,
  values: Readonly<FormValues>,
  serial: number,
): { fields: Record<string, string>; form: string | null } | null {
  const fields: Record<string, string> = {};
  let waiting = false;
  for (const [name, field] of Object.entries(spec?.fields ?? {})) {
    if (!field.availability) continue;
    const key = field.availability.key(values);
    if (key === null) continue;
    const entry = currentAvailability(serial, name, key);
    if (!entry || entry.state === 'checking') waiting = true;
    else if (entry.state === 'unavailable') fields[name] = entry.message ?? 'Not available';
  }
  if (Object.keys(fields).length > 0) return { fields, form: null };
  return waiting ? { fields: {}, form: 'Checking availability… try again in a moment.' } : null;
}
