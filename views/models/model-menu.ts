import type { FocusedRecord } from '../../commands/record-context';
import { quickActionMenu } from '../../commands/row-menu';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import type { ModelRow } from '../../domain/models';
import type { Role } from '../../domain/roles';
import type { RowAction } from '../../src/ui/table';

/** The values a model command runs with: the model, its customer, the version read. */
type ModelValues = Pick<ModelRow, 'id' | 'user_id' | 'last_updated_row'>;

/** A model row's menu: the server's quick actions that have a command (disabled with the server's reason). */
export function modelRowMenu(row: Pick<ModelRow, 'quick_actions'>, role: Role | null | undefined): RowAction[] {
  return quickActionMenu('model', row.quick_actions, role);
}

/** What a model command's form starts with, from the model it runs on. */
export function modelPrefill(model: ModelValues, extra: Record<string, string> = {}): Record<string, string> {
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
  model: ModelValues,
  extra: Record<string, string> = {},
  origin: 'row-menu' | 'button' = 'row-menu',
): void {
  void runCommand(id, { prefill: modelPrefill(model, extra), origin });
}

/**
 * A focused model row as the palette's and the shortcuts' record context: the model's commands first, prefilled as
 * its row menu prefills them; `owner` is the customer it belongs to.
 */
export function modelRecord(model: ModelValues & Pick<ModelRow, 'quick_actions'>, owner: UserTarget): FocusedRecord {
  return {
    kind: 'model',
    id: model.id,
    quickActions: model.quick_actions,
    target: owner,
    prefill: modelPrefill(model),
  };
}
