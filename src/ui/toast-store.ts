import { proxy, ref } from 'valtio';

export type ToastType = 'positive' | 'negative' | 'info';

/** A button on a toast (Undo), with the keys that press it while the toast shows, e.g. `Mod+Z`. */
export interface ToastAction {
  label: string;
  shortcut?: string;
  run: () => void;
}

/** What `toast()` takes: a title, an optional message, the type (default positive) and the timeout in ms. */
export interface ToastInput {
  title: string;
  message?: string;
  type?: ToastType;
  timeout?: number;
  action?: ToastAction;
}

/** A toast on screen, with its defaults resolved. */
export interface Toast {
  id: number;
  title: string;
  message: string | undefined;
  type: ToastType;
  timeout: number;
  action: ToastAction | undefined;
}

/** console-spec §9: 1.5 s, top, positive; error toasts 2.5 s. */
export const toastDefaults = { timeout: 1500, errorTimeout: 2500, type: 'positive', position: 'top' } as const;

const maxVisible = 5;

/** The toasts on screen, newest last. */
export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });

let nextId = 1;

/** Removes a toast before its timeout (the × button). */
export function dismissToast(id: number): void {
  const index = toastState.toasts.findIndex((shown) => shown.id === id);
  if (index >= 0) toastState.toasts.splice(index, 1);
}

/**
 * Shows a toast that dismisses itself after its timeout; returns its id. The same toast already on screen (title,
 * message and type) is replaced rather than stacked, so a repeated failure or a re-rendered redirect says it once.
 */
export function toast(input: ToastInput): number {
  const type = input.type ?? toastDefaults.type;
  const timeout = input.timeout ?? (type === 'negative' ? toastDefaults.errorTimeout : toastDefaults.timeout);
  const same = toastState.toasts.find(
    (shown) => shown.title === input.title && shown.message === input.message && shown.type === type,
  );
  if (same) dismissToast(same.id);
  const id = nextId++;
  const action = input.action ? ref({ ...input.action }) : undefined;
  toastState.toasts.push({ id, title: input.title, message: input.message, type, timeout, action });
  if (toastState.toasts.length > maxVisible) toastState.toasts.splice(0, toastState.toasts.length - maxVisible);
  setTimeout(() => dismissToast(id), timeout);
  return id;
}

/** The newest toast on screen whose action answers `shortcut`, if any. */
export function toastWithShortcut(shortcut: string): Toast | undefined {
  return toastState.toasts.findLast((shown) => shown.action?.shortcut === shortcut);
}
