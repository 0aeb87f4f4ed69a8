import { ConfigError } from '../../config';

/** How Loupe talks to the editing pipeline (docs/integrations.md): PIPELINE_WEBHOOK_URL and PIPELINE_SECRET. */
export interface PipelineSettings {
  /** Where job events are posted; null: they wait in the outbox until one is set. */
  webhookUrl: string | null;
  /** The HMAC key both directions sign with. */
  secret: string;
  /** How often an idle deliverer looks for due events. */
  pollMs: number;
  /** Events claimed at once by one deliverer. */
  batchSize: number;
  /** The wait after the first failed post; it doubles with each further one, up to `backoffMaxMs` (never given up). */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long one post may take before it counts as failed. */
  timeoutMs: number;
  /** How long a claim holds an event: a server that died while posting leaves it to another after this. */
  leaseMs: number;
}

export const pipelineDefaults: Omit<PipelineSettings, 'webhookUrl' | 'secret'> = {
  pollMs: 500,
  batchSize: 20,
  backoffBaseMs: 1000,
  backoffMaxMs: 15_000,
  timeoutMs: 5000,
  leaseMs: 30_000,
};

/** The settings from the environment; null without PIPELINE_SECRET (the inbound endpoint then refuses everything). */
export function pipelineSettingsFrom(env: NodeJS.ProcessEnv = process.env): PipelineSettings | null {
  const url = env.PIPELINE_WEBHOOK_URL?.trim() || null;
  const secret = env.PIPELINE_SECRET ?? '';
  if (!secret) {
    if (url) throw new ConfigError('PIPELINE_WEBHOOK_URL needs PIPELINE_SECRET (the key events are signed with)');
    return null;
  }
  if (secret.length < 16) throw new ConfigError('PIPELINE_SECRET must be at least 16 characters');
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(`PIPELINE_WEBHOOK_URL must be a URL, got "${url}"`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ConfigError(`PIPELINE_WEBHOOK_URL must be http:// or https://, got "${parsed.protocol}//"`);
    }
  }
  return { ...pipelineDefaults, webhookUrl: url, secret };
}
