import { useSnapshot } from 'valtio';
import { Kbd } from './Kbd';
import { modKeyLabel } from './platform';
import { dismissToast, type ToastAction, type ToastType, toastState } from './toast-store';

const tone: Record<ToastType, string> = {
  positive: 'border-success/40 before:bg-success',
  negative: 'border-danger/50 before:bg-danger',
  info: 'border-line-strong before:bg-accent',
};

/** `Mod+Z` as the keys of this platform: Ctrl Z, or ⌘ Z. */
function keysOf(shortcut: string): string[] {
  return shortcut.split('+').map((key) => (key === 'Mod' ? modKeyLabel() : key));
}

/** A toast's button (Undo): dismisses the toast and runs; a Tab away, with its keys shown beside it. */
function ActionButton({ action, onDone }: { action: ToastAction; onDone: () => void }) {
  return (
    <button
      type="button"
      onClick={() => {
        onDone();
        action.run();
      }}
      className="flex cursor-pointer items-center gap-1 rounded border border-line px-2 py-0.5 text-sm font-medium text-fg hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent"
    >
      {action.label}
      {action.shortcut ? keysOf(action.shortcut).map((key) => <Kbd key={key}>{key}</Kbd>) : null}
    </button>
  );
}

/** Renders the toasts at the top of the screen; each leaves by itself after its timeout, or on click. */
export function Toaster() {
  const { toasts } = useSnapshot(toastState);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3"
    >
      {toasts.map((shown) => (
        <div
          key={shown.id}
          role={shown.type === 'negative' ? 'alert' : 'status'}
          className={`pointer-events-auto relative flex w-full max-w-sm items-start gap-3 overflow-hidden rounded-md border bg-panel py-2 pr-2 pl-4 shadow-lg shadow-black/20 before:absolute before:inset-y-0 before:left-0 before:w-1 ${tone[shown.type]}`}
        >
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-fg">{shown.title}</p>
            {shown.message ? <p className="text-xs break-words text-muted">{shown.message}</p> : null}
          </div>
          {shown.action ? <ActionButton action={shown.action} onDone={() => dismissToast(shown.id)} /> : null}
          <button
            type="button"
            onClick={() => dismissToast(shown.id)}
            aria-label="Dismiss"
            className="cursor-pointer rounded px-1 text-muted hover:bg-hover hover:text-fg"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
