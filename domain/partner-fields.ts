import { z } from 'zod';
import { publicHttpsProblem } from './addresses';
import { slugPattern, slugRule } from './partner-vocabulary';

/**
 * Field schemas shared by the partners area's bodies: money in major units, UTM values, the link builder's base URL,
 * slugs and row versions. One rule each, read by the console's forms and the server alike.
 */

/** The largest cost or per-subscriber credit, in major units. */
export const maxPartnerAmount = 1_000_000;

/** An amount in major units of the currency (12.5 = $12.50): not negative, at most two decimals. */
export const amountSchema = z
  .number({ error: 'must be a number' })
  .min(0, 'must not be negative')
  .max(maxPartnerAmount, `must be at most ${maxPartnerAmount}`)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals');

/** Free text up to `max` characters (NUL and lone surrogates are refused for every call by the pipeline). */
export function plainText(max: number) {
  return z.string().max(max, `must be at most ${max} characters`);
}

/** A required name-like text: trimmed, 1..max characters. */
export function requiredText(max: number) {
  return plainText(max)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, 'is required'));
}

/** A UTM value: trimmed and lower-cased (attribution compares them exactly), letters, digits, `_`, `-`, `.`. */
export const utmValueSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, 'use letters, digits, “_”, “-” and “.”, starting with a letter or digit');

/** An optional UTM value: empty means none. */
export const optionalUtmSchema = z
  .union([z.literal(''), z.null(), utmValueSchema])
  .transform((value) => (value ? value : null));

/** The link builder's base URL: an absolute http(s) URL without its own utm_ parameters. */
export const baseUrlSchema = z
  .string()
  .trim()
  .max(1000, 'must be at most 1000 characters')
  .superRefine((value, context) => {
    const problem = publicHttpsProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** A short link's slug (`/l/{slug}`). */
export const slugSchema = z.string().trim().regex(slugPattern, slugRule);

/** An optional slug: empty means no short link. */
export const optionalSlugSchema = z
  .union([z.literal(''), z.null(), slugSchema])
  .transform((value) => (value ? value : null));

/** A calendar day, `YYYY-MM-DD`, from 2000 to 2999. */
export const daySchema = z.iso
  .date({ error: 'must be a date as YYYY-MM-DD' })
  .refine((value) => value >= '2000-01-01' && value <= '2999-12-31', 'must be a date from 2000-01-01 to 2999-12-31');

const versionPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** The row version an edit names (the `updated_at` it read): a newer one on the server is a 409. */
export const versionSchema = z
  .string({ error: 'is required: the version you read (updated_at)' })
  .regex(versionPattern, 'must be the updated_at you read (an ISO 8601 timestamp)')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be the updated_at you read (a real date)');

/** The UTM part of an activity: what its link carries and what attributes customers to it. */
export interface UtmSet {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string | null;
}

/**
 * The link builder: base_url with utm_source, utm_medium, utm_campaign and (when set) utm_content added to its query
 * (replacing any of the same name), its fragment kept.
 */
export function buildTrackingLink(baseUrl: string, utm: UtmSet): string {
  const url = new URL(baseUrl);
  url.searchParams.set('utm_source', utm.utm_source);
  url.searchParams.set('utm_medium', utm.utm_medium);
  url.searchParams.set('utm_campaign', utm.utm_campaign);
  if (utm.utm_content) url.searchParams.set('utm_content', utm.utm_content);
  else url.searchParams.delete('utm_content');
  return url.toString();
}

/** The path of a short link on our server. */
export function shortLinkPath(slug: string): string {
  return `/l/${slug}`;
}
