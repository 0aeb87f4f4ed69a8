import { ConfigError } from '../config';

/** The operating settings of a production instance (docs/operating.md), read once at start. */
export interface OperationsSettings {
  /** After SIGTERM, how long the instance still takes new connections (not ready) so the balancer notices. */
  drainSeconds: number;
  /** Then how long requests in flight may take to finish before the process ends anyway. */
  inFlightSeconds: number;
  /** Serve `/metrics` on this port of its own (no token). */
  metricsPort: number | null;
  /** Serve `/metrics` on the app's port behind this bearer token. */
  metricsToken: string | null;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** DRAIN_SECONDS, METRICS_PORT and METRICS_TOKEN, checked. */
export function operationsSettingsFrom(env: NodeJS.ProcessEnv = process.env): OperationsSettings {
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 24`)');
  }
  const metricsPort = env.METRICS_PORT ? wholeNumber(env, 'METRICS_PORT', 0, 1, 65535) : null;
  return {
    drainSeconds: wholeNumber(env, 'DRAIN_SECONDS', 5, 0, 300),
    inFlightSeconds: 25,
    metricsPort,
    metricsToken,
  };
}
