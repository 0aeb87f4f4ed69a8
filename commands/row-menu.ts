import type { Role } from '../domain/roles';
import type { QuickAction } from '../domain/tables';
import type { CustomerRow } from '../domain/users';
import type { RowAction } from '../src/ui/table/types';
import { availabilityOf, forbiddenReason, permitted } from './access';
import { commandById } from './index';
import { commandForQuickAction, type RowKind } from './quick-actions';
import { runCommand } from './runner';
import { type UserTarget, userTarget } from './target';

/**
 * A row's menu from the server's `quick_actions`: exactly those that have a command, in the server's order. One the
 * role may not run says who may, in words (`forbiddenReason`: "Only admins, PL2 agents and support masters may
 * suspend customers", as the palette and shortcuts say it; checked first, so a server's "insufficient permissions"
 * never shows); one the server marks disabled shows its `disable_message`; one the command finds unavailable for the
 * customer shows its reason (or is left out when hidden). Every row menu (customers, operations center, partners
 * area, models, details lists) builds its entries here. `target`: the customer the row belongs to (none for rows
 * whose commands act on no customer, e.g. a model's).
 */
export function quickActionMenu(
  kind: RowKind,
  quickActions: readonly QuickAction[],
  role: Role | null | undefined,
  target?: UserTarget,
): RowAction[] {
  return quickActions.flatMap((action): RowAction[] => {
    const id = commandForQuickAction(kind, action.name);
    const command = id ? commandById(id) : undefined;
    if (!command) return [];
    const base = { id: command.id, label: command.title, shortcut: command.shortcut };
    if (!permitted(command, role)) return [{ ...base, disabledReason: forbiddenReason(command) }];
    if (action.is_disabled) return [{ ...base, disabledReason: action.disable_message || 'Not available' }];
    const availability = availabilityOf(command, role, target);
    if (availability.state === 'hidden') return [];
    return [availability.state === 'disabled' ? { ...base, disabledReason: availability.reason } : base];
  });
}

/** A customer row's menu (see `quickActionMenu`). */
export function customerRowActions(row: CustomerRow, role: Role | null | undefined): RowAction[] {
  return quickActionMenu('customer', row.quick_actions ?? [], role, userTarget(row));
}

/** Runs a row menu's choice through the runner, for that row's customer. */
export function runCustomerRowAction(row: CustomerRow, action: RowAction): void {
  void runCommand(action.id, { target: userTarget(row), origin: 'row-menu' });
}
