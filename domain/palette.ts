import { z } from 'zod';
import { defineArea, get, post } from './endpoint';
import { maxIdentifierLength, recordKinds } from './identifiers';
import { customerRowSchema } from './users';

/** A record a pasted identifier names, as the palette lists it first (domain/identifiers.ts). */
export const foundRecordSchema = z.object({
  kind: z.enum(recordKinds),
  /** Its id as the console writes it: a number, or a short link's slug. */
  key: z.string(),
  /** "Jane Doe", "Charge #1508", "Project #12 · Wedding Smith". */
  title: z.string(),
  /** What tells it apart: e-mail, status, amount, date. */
  detail: z.string(),
  /** The console page that shows it. */
  path: z.string(),
  /** The customer it belongs to (itself for a customer), for its commands; null for partners and links. */
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type FoundRecord = z.infer<typeof foundRecordSchema>;

/** A command id or `user:<id>`: what the palette ranks by how often and how lately it was used. */
export const useKeySchema = z
  .string()
  .regex(/^(user:[1-9]\d{0,9}|[a-z][a-z0-9.-]{0,79})$/, 'must be a command id or user:<id>');

export const paletteUseSchema = z.object({
  key: useKeySchema,
  /** Uses as one decaying number as of now: each counts 1, halved every week (see commands/recents.ts). */
  weight: z.number(),
  /** The last use. */
  at: z.string(),
  /** A customer's name and e-mail, to list them among recent customers on any browser. */
  label: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type PaletteUse = z.infer<typeof paletteUseSchema>;

const usedSchema = z
  .object({
    key: useKeySchema,
    label: z
      .object({ name: z.string().max(200), email: z.string().max(320) })
      .strict()
      .optional(),
  })
  .strict();

export const palette = defineArea('palette', {
  find: get('palette/find', {
    summary:
      'What the palette lists for a settled query: the records a pasted identifier names (e-mail, #id, invoice number, console path, slug, partner ref; only those the caller may open), then customers matching it',
    permission: 'user_details_read',
    query: z
      .object({
        q: z
          .string()
          .trim()
          .min(1, 'type something to look for')
          .max(maxIdentifierLength, `must be at most ${maxIdentifierLength} characters`),
      })
      .strict(),
    answer: z.object({ records: z.array(foundRecordSchema), customers: z.array(customerRowSchema) }),
  }),
  uses: get('palette/uses', {
    summary: 'The caller’s palette frecency: the commands and customers they used most and latest (top 60)',
    permission: 'user_details_read',
    answer: z.object({ uses: z.array(paletteUseSchema) }),
  }),
  recordUses: post('palette/uses', {
    summary: 'Counts uses of commands and customers in the caller’s palette frecency (batched by the console)',
    permission: 'user_details_read',
    body: z.object({ uses: z.array(usedSchema).min(1).max(20) }).strict(),
    answer: z.object({ ok: z.literal(true) }),
  }),
});
