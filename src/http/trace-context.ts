/** Hexadecimal digits of `bytes` random bytes (the browser's crypto). */
function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/**
 * A W3C `traceparent` for one call: a new trace id and parent id, sampled. A server that traces
 * (OTEL_EXPORTER_OTLP_ENDPOINT) continues this trace, so the id the console sent finds the request span, its SQL and
 * the audit row; a server that does not ignores the header.
 */
export function newTraceparent(): string {
  let traceId = randomHex(16);
  // All zeros is invalid (one chance in 2^128, but cheap to rule out).
  if (/^0+$/.test(traceId)) traceId = `${traceId.slice(0, 31)}1`;
  return `00-${traceId}-${randomHex(8)}-01`;
}
