import { useEffect, useRef } from 'react';

function outsideDialog(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element !== document.body && !element.closest('[cmdk-dialog]');
}

/**
 * Gives focus back to where it was when the palette closes (the dialog has no trigger element to return to), so
 * a person who pressed Ctrl+K in a field, or started a command from a button, carries on from there.
 */
export function useRestoreFocus(visible: boolean): void {
  const last = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (outsideDialog(document.activeElement)) last.current = document.activeElement;
    function remember(event: FocusEvent): void {
      if (outsideDialog(event.target as Element | null)) last.current = event.target as HTMLElement;
    }
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  useEffect(() => {
    if (visible) return;
    const timer = setTimeout(() => {
      const target = last.current;
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && target?.isConnected) target.focus();
    });
    return () => clearTimeout(timer);
  }, [visible]);
}
