/**
 * A PostgreSQL `timestamptz` text (`2026-05-01 12:34:56.123456+00`) as ISO 8601 UTC (`2026-05-01T12:34:56.123456Z`),
 * keeping the microseconds, so that a value read can be compared with the stored one exactly.
 */
export function isoTimestamp(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]00(?::?00)?)$/.exec(value);
  if (match) return `${match[1]}T${match[2]}${match[3] ?? ''}Z`;
  const parsed = new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  if (Number.isNaN(parsed.getTime())) throw new Error(`not a timestamp: ${value}`);
  return parsed.toISOString();
}

/** `isoTimestamp` for nullable columns. */
export function isoTimestampOrNull(value: string | null): string | null {
  return value === null ? null : isoTimestamp(value);
}
