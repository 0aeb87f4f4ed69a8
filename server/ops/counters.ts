/**
 * Process-wide counts of events that happen far from any request hook, read by the metrics (server/ops/metrics.ts).
 * Counters only ever grow, so one per process is what Prometheus expects.
 */
export const opsCounters = {
  /** Audit rows that could not be written as asked (stored without their body, or not at all). */
  auditInsertFailures: 0,
};
