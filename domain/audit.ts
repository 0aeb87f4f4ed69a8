import { z } from 'zod';
import { defineArea, post } from './endpoint';
import { pageMetaSchema, tableQuerySchema } from './table-query';
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
});
