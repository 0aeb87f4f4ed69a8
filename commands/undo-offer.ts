import type { Endpoint } from '../domain/endpoint';
import { undoOfferSeconds } from '../domain/undo';
import { toast } from '../src/ui/toast-store';

/** The keys that press a toast's Undo while it shows: Ctrl+Z (⌘Z on Apple). */
export const undoShortcut = 'Mod+Z';

/** What an Undo needs of the command it undoes: its title and the cached answers to revalidate after. */
interface Undoable {
  title: string;
  revalidates: readonly Endpoint[];
}

/** The commands offered for undo (kept after their toast goes: the palette's Undo and a retry may still name them). */
const offered = new Map<number, Undoable>();

/** The command behind an audit row the console offered to undo, if it did. */
export function undoableOf(auditId: number): Undoable | undefined {
  return offered.get(auditId);
}

/** The newest audit row offered for undo, if any. */
export function latestOffer(): number | undefined {
  return [...offered.keys()].at(-1);
}

/**
 * The success toast of an undoable command: its title, and an Undo button (and Ctrl+Z) for `undoOfferSeconds`
 * which runs `undo` — the runner's Undo command, audited on the server like any other.
 */
export function toastWithUndo(
  auditId: number,
  command: Undoable,
  words: { title: string; message?: string },
  undo: () => void,
): void {
  offered.set(auditId, { title: command.title, revalidates: command.revalidates });
  if (offered.size > 20) offered.delete(offered.keys().next().value as number);
  toast({
    ...words,
    type: 'positive',
    timeout: undoOfferSeconds * 1000,
    action: { label: 'Undo', shortcut: undoShortcut, run: undo },
  });
}
