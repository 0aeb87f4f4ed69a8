import { z } from 'zod';
import { defineArea, get, idParam, post } from './endpoint';
import { filterTimeZoneSchema, pageMetaSchema, tableQuerySchema } from './table-query';
import { headerSchema } from './tables';

export const auditOutcomeValues = ['ok', 'refused', 'failed'] as const;
export const auditOutcomeLabels: Record<(typeof auditOutcomeValues)[number], string> = {
  ok: 'OK',
  refused: 'Refused',
  failed: 'Failed',
};

/** One audited call attempt as the audit page lists it (the stored body is not listed: it may hold customer data). */
export const auditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The staff member (their id; the header's option labels name them). */
  staff: z.number().int().nullable(),
  staff_id: z.number().int().nullable(),
  staff_role: z.string().nullable(),
  call_id: z.string(),
  method: z.string(),
  path: z.string(),
  target_kind: z.string().nullable(),
  target_id: z.string().nullable(),
  outcome: z.enum(auditOutcomeValues),
  status: z.number().int(),
  detail: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** How long an audit CSV link works (seconds). */
export const auditExportTtlSeconds = 600;

/** A signed link to the audit trail as CSV, for the filters and sort asked. */
export const auditExportLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  filename: z.string(),
});

export const audit = defineArea('audit', {
  list: post('audit/audit_filter', {
    summary: 'Every audited call, newest first: filter by staff, call, target, outcome and time; keyset pages',
    permission: 'assign_roles',
    readOnly: true,
    body: tableQuerySchema,
    answer: z.object({
      headers: z.array(headerSchema),
      entries: z.array(auditRowSchema),
      meta: pageMetaSchema.extend({ total_number_of_entries: z.number().int() }),
    }),
  }),
  exportLink: post('audit/export', {
    summary:
      'A signed link, valid for 10 minutes, to the audit trail as CSV with these filters and sort (the whole list, streamed)',
    permission: 'assign_roles',
    body: tableQuerySchema.pick({ filters: true, sort: true, time_zone: true }),
    answer: auditExportLinkSchema,
  }),
  exportCsv: get('audit/audit.csv', {
    summary:
      'The audit trail as CSV behind a signed link (no session: the signature is the permission, and its admin must still hold assign_roles)',
    permission: null,
    auth: 'none',
    query: z
      .object({
        /** The filters and sort, as the audit page's address writes them (`f=outcome:multi:equal:failed`). */
        f: z.union([z.string().max(2000), z.array(z.string().max(2000)).max(20)]).optional(),
        sort: z.string().max(200).optional(),
        /** The zone the date filters' days are read in (signed with them). */
        time_zone: filterTimeZoneSchema,
        by: idParam,
        expires: z.coerce.number().int().positive(),
        signature: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
      })
      .strict(),
    /** The CSV's text, streamed (content-type text/csv), not JSON. */
    answer: z.custom<AsyncIterable<Uint8Array>>(
      (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
      'must be the CSV stream',
    ),
  }),
});
