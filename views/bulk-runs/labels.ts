import type { BulkCommandName } from '../../domain/bulk';
import { bulkCommands } from '../../domain/bulk-commands';

/** "Unsuspend", "Give credit to". */
export function bulkCommandVerb(command: BulkCommandName): string {
  return bulkCommands[command]?.verb ?? command;
}
