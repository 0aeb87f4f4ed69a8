import { session } from '../src/session/store';
import { permitted } from './access';
import { commandById } from './index';
import { commandForQuickAction } from './quick-actions';
import { type FocusedRecord, prefillOfRecord } from './record-context';

/**
 * A record row with the focus (j/k, or its menu button) lets the commands its row offers read ahead what their
 * confirmation shows (`PreviewSpec.ahead`: the refund's amount left), with the values their form would open with. The
 * reads wait until the focus stayed on a row for 250 ms (`commands/read-ahead.ts`), so moving down a list reads only
 * the row stopped on.
 */
export function readAheadForRecord(record: FocusedRecord | undefined): void {
  if (!record) return;
  for (const action of record.quickActions) {
    if (action.is_disabled) continue;
    const command = commandById(commandForQuickAction(record.kind, action.name) ?? '');
    if (command?.kind !== 'action' || !command.preview?.ahead || !permitted(command, session.userRole)) continue;
    command.preview.ahead({ target: record.target as never, values: prefillOfRecord(record) });
  }
}
