import { z } from 'zod';

/** Column types the server's `headers` use; the console renders each its own way (console table). */
export const columnTypes = [
  'TEXT',
  'NUMBER',
  'DATE',
  'DATETIME',
  'CURRENCY',
  'TAG',
  'LINK',
  'STATUS',
  'PROGRESS',
  'ROW_MENU',
  'BOOLEAN_CHECK',
] as const;
export type ColumnType = (typeof columnTypes)[number];

/** How a column can be filtered (data-and-calls-spec §5); `null` when it cannot. */
export const filterKinds = ['text', 'number', 'date', 'multi'] as const;
export type FilterKind = (typeof filterKinds)[number];

export const headerSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(columnTypes),
  sortable: z.boolean(),
  filter: z.enum(filterKinds).nullable(),
  /** The values of a `multi` filter or a STATUS/TAG column. */
  options: z.array(z.string()).optional(),
  /** What people read for each option ("Annual plan" for `CORPORATE_CONTRACT`), from the domain's label maps. */
  option_labels: z.record(z.string(), z.string()).optional(),
  /** Shown until the person picks columns themselves. */
  default_visible: z.boolean(),
});
export type Header = z.infer<typeof headerSchema>;

/** One row action as the server offers it: hidden when absent, disabled with the server's reason. */
export const quickActionSchema = z.object({
  name: z.string(),
  is_disabled: z.boolean(),
  disable_message: z.string().nullable(),
});
export type QuickAction = z.infer<typeof quickActionSchema>;
