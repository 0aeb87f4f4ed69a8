import type { Role } from '../domain/roles';
import { insufficientPermissions } from '../domain/tables';
import type { CustomerRow } from '../domain/users';
import type { RowAction } from '../src/ui/table/types';
import { availabilityOf, permitted } from './access';
import { commandById } from './index';
import { commandForQuickAction } from './quick-actions';
import { runCommand } from './runner';
import { userTarget } from './target';

/**
 * A customer row's menu: exactly the server's `quick_actions` that have a command, in the server's order; one the
 * server marks disabled shows its `disable_message`, one the role may not run shows "insufficient permissions".
 */
export function customerRowActions(row: CustomerRow, role: Role | null | undefined): RowAction[] {
  const target = userTarget(row);
  return (row.quick_actions ?? []).flatMap((action): RowAction[] => {
    const id = commandForQuickAction('customer', action.name);
    const command = id ? commandById(id) : undefined;
    if (!command) return [];
    const base = { id: command.id, label: command.title, shortcut: command.shortcut };
    if (action.is_disabled) return [{ ...base, disabledReason: action.disable_message || 'Not available' }];
    if (!permitted(command, role)) return [{ ...base, disabledReason: insufficientPermissions }];
    const availability = availabilityOf(command, role, target);
    if (availability.state === 'hidden') return [];
    return [availability.state === 'disabled' ? { ...base, disabledReason: availability.reason } : base];
  });
}

/** Runs a row menu's choice through the runner, for that row's customer. */
export function runCustomerRowAction(row: CustomerRow, action: RowAction): void {
  void runCommand(action.id, { target: userTarget(row), origin: 'row-menu' });
}
