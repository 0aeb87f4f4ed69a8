import { permitted } from '../../commands/access';
import { commandById } from '../../commands/index';
import type { RowKind } from '../../commands/quick-actions';
import { quickActionMenu } from '../../commands/row-menu';
import { runCommand } from '../../commands/runner';
import type { ActivityRow } from '../../domain/partner-activities';
import type { Role } from '../../domain/roles';
import type { QuickAction } from '../../domain/tables';
import type { RowAction } from '../../src/ui/table';

/** An extra row action: a command run with values from the row (e.g. "Add activity" for a partner). */
export interface ExtraAction {
  commandId: string;
}

/**
 * A partners-area row's menu: the server's `quick_actions` that have a command (`quickActionMenu`: one the role may
 * not run says who may, in words; one the server disables, its reason), then the extra commands the role may run on
 * such a row.
 */
export function areaRowMenu(
  kind: RowKind,
  quickActions: readonly QuickAction[] | undefined,
  role: Role | null | undefined,
  extras: readonly string[] = [],
): RowAction[] {
  const offered = quickActionMenu(kind, quickActions ?? [], role);
  const more = extras.flatMap((id): RowAction[] => {
    const command = commandById(id);
    return command && permitted(command, role) ? [{ id: command.id, label: command.title }] : [];
  });
  return [...offered, ...more];
}

/** Runs a row menu's choice with the row's values as the form's starting values. */
export function runWithRow(action: RowAction, prefill: Record<string, string>): void {
  void runCommand(action.id, { prefill, origin: 'row-menu' });
}

/** A money value's major units as typed in a form (`{amount: 1250, multiplier: 100}` → "12.5"). */
export function moneyText(value: { amount: number; multiplier: number } | null | undefined): string {
  return value ? String(value.amount / value.multiplier) : '';
}

/** A nullable value as a form's text ('' for none). */
export function text(value: string | number | boolean | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The link builder's form values of an activity row (either table), with the version read. */
export function linkPrefill(
  row: Pick<ActivityRow, 'base_url' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_content' | 'slug'> &
    Pick<ActivityRow, 'app_type' | 'updated_at'>,
): Record<string, string> {
  return {
    base_url: row.base_url,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_content: text(row.utm_content),
    slug: text(row.slug),
    previous_slug: text(row.slug),
    app_type: row.app_type,
    updated_at: row.updated_at,
  };
}
