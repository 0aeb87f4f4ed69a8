import { Command } from 'cmdk';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';

interface PaletteDialogProps {
  open: boolean;
  /** The person closed it from outside the palette's own keys: a click on the backdrop, or the browser's close. */
  onDismiss: () => void;
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}

/**
 * The palette's frame: the browser's own modal `<dialog>` (top layer, the page behind inert, focus kept inside and
 * given back by `useRestoreFocus`) around cmdk's `Command`. Radix's dialog, which `Command.Dialog` brings, locks
 * the page's scrolling by injecting a `<style>` element, which the console's CSP (no inline styles) refuses; a native
 * modal dialog needs neither the style nor the library. Escape and Ctrl/Cmd+K are the palette's keys
 * (`usePaletteKeys`); should the browser close the dialog itself, the palette follows.
 */
export function PaletteDialog({ open, onDismiss, value, onValueChange, children }: PaletteDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Before the pages' own effects, which put focus where each page wants it (the form's first field…): a control
  // cannot take focus inside a dialog not shown yet, and showModal() moves focus to the dialog itself.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // showModal() focuses the dialog or its first focusable box (cmdk's list root), and a page's autoFocus ran while
      // the dialog was hidden: typing goes to the first field, Enter to the confirmation's button.
      if (!document.activeElement?.matches('input, select, textarea, button')) {
        const control =
          element.querySelector<HTMLElement>('input, select, textarea') ??
          element.querySelector<HTMLElement>('button[type=submit]');
        control?.focus();
      }
    } else if (!open && element.open) element.close();
  }, [open]);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onCancel = (event: Event) => event.preventDefault();
    const onClose = () => {
      if (open) onDismiss();
    };
    const onClick = (event: MouseEvent) => {
      if (event.target !== element) return;
      const box = element.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) onDismiss();
    };
    element.addEventListener('cancel', onCancel);
    element.addEventListener('close', onClose);
    element.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('close', onClose);
      element.removeEventListener('click', onClick);
    };
  }, [open, onDismiss]);
  return (
    <dialog
      ref={dialog}
      aria-label="Command palette"
      {...{ 'cmdk-dialog': '' }}
      className="fixed top-[12vh] bottom-auto left-1/2 m-0 w-[min(640px,92vw)] max-w-none -translate-x-1/2 overflow-hidden rounded-lg border border-line bg-panel p-0 text-fg shadow-2xl shadow-black/40 backdrop:bg-black/50"
    >
      {open ? (
        <Command label="Command palette" shouldFilter={false} loop value={value} onValueChange={onValueChange}>
          {children}
        </Command>
      ) : null}
    </dialog>
  );
}
