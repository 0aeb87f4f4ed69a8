import { permitted } from '../../commands/access';
import { commandById } from '../../commands/index';
import { commandForQuickAction } from '../../commands/quick-actions';
import { runCommand } from '../../commands/runner';
import type { ModelRow } from '../../domain/models';
import type { Role } from '../../domain/roles';
import { insufficientPermissions } from '../../domain/tables';
import type { RowAction } from '../../src/ui/table';

/** A model row's menu: the server's quick actions that have a command (disabled with the server's reason). */
export function modelRowMenu(row: Pick<ModelRow, 'quick_actions'>, role: Role | null | undefined): RowAction[] {
  return row.quick_actions.flatMap((action): RowAction[] => {
    const id = commandForQuickAction('model', action.name);
    const command = id ? commandById(id) : undefined;
    if (!command) return [];
    const base = { id: command.id, label: command.title, shortcut: command.shortcut };
    if (action.is_disabled) return [{ ...base, disabledReason: action.disable_message || 'Not available' }];
    if (!permitted(command, role)) return [{ ...base, disabledReason: insufficientPermissions }];
    return [base];
  });
}

/** What a model command's form starts with, from the model it runs on. */
export function modelPrefill(
  model: Pick<ModelRow, 'id' | 'user_id' | 'last_updated_row'>,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    model_id: String(model.id),
    user_id: String(model.user_id),
    last_updated_row: model.last_updated_row,
    ...extra,
  };
}

/** Runs a model command (row menu, page button) through the runner with the model's values filled in. */
export function runModelCommand(
  id: string,
  model: Pick<ModelRow, 'id' | 'user_id' | 'last_updated_row'>,
  extra: Record<string, string> = {},
  origin: 'row-menu' | 'button' = 'row-menu',
): void {
  void runCommand(id, { prefill: modelPrefill(model, extra), origin });
}
