import { ConfigError } from '../config';

/** How the outbox is delivered (README: Configuration, SMTP_URL and MAIL_FROM). */
export interface MailSettings {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  smtpUrl: string;
  /** The sender, e.g. `Loupe <no-reply@example.com>`. */
  from: string;
  /** How often an idle worker looks for due e-mails. */
  pollMs: number;
  /** E-mails claimed at once by one worker. */
  batchSize: number;
  /** Attempts before a temporarily refused e-mail is given up (FAILED). */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles with each further one, up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long a claim holds an e-mail: a server that died while sending leaves it to another after this. */
  leaseMs: number;
  /** An e-mail not sent this long after it was queued is given up (FAILED): a reset link is useless by then. */
  maxAgeMs: number;
}

export const defaultMailSender = 'Loupe <no-reply@localhost>';

/** Everything but the URL and the sender. */
export const mailDefaults: Omit<MailSettings, 'smtpUrl' | 'from'> = {
  pollMs: 2000,
  batchSize: 10,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60 * 1000,
  leaseMs: 2 * 60 * 1000,
  maxAgeMs: 24 * 60 * 60 * 1000,
};

/** Mail settings from SMTP_URL and MAIL_FROM; null without SMTP_URL (e-mails then stay PENDING in the outbox). */
export function mailSettingsFrom(env: NodeJS.ProcessEnv = process.env): MailSettings | null {
  const smtpUrl = env.SMTP_URL;
  if (!smtpUrl) return null;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL like smtp://user:password@host:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  }
  return { ...mailDefaults, smtpUrl, from: env.MAIL_FROM || defaultMailSender };
}
