import { useEffect } from 'react';
import { dismissToast, toastWithShortcut } from '../src/ui/toast-store';
import { isTypingTarget } from './shortcuts';
import { undoShortcut } from './undo-offer';

/**
 * Ctrl+Z (⌘Z) presses the newest Undo on screen, unless focus is where typing happens (a text field keeps its own
 * undo) or a dialog is open. Nothing happens when no Undo shows.
 */
export function useUndoShortcut(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey)
        return;
      if (event.defaultPrevented || event.repeat || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]')) return;
      const shown = toastWithShortcut(undoShortcut);
      if (!shown?.action) return;
      event.preventDefault();
      dismissToast(shown.id);
      shown.action.run();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
