import { Kbd } from '../../src/ui/Kbd';
import { modKeyLabel } from '../../src/ui/platform';

/** The always-visible way into the palette: a button that names its shortcut (Ctrl K, or ⌘K on a Mac). */
export function PaletteHint({ onOpen }: { onOpen: () => void }) {
  const mod = modKeyLabel();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-keyshortcuts={mod === '⌘' ? 'Meta+K' : 'Control+K'}
      className="flex h-7 w-full cursor-pointer items-center gap-2 rounded-md border border-line bg-canvas px-2 text-left text-xs text-muted hover:border-line-strong hover:text-fg"
    >
      <svg viewBox="0 0 16 16" className="size-3.5 shrink-0" aria-hidden="true" fill="none" stroke="currentColor">
        <circle cx="7" cy="7" r="4.5" strokeWidth="1.5" />
        <path d="m10.5 10.5 3.5 3.5" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span className="flex-1 truncate">Search or run…</span>
      <span className="flex gap-0.5">
        <Kbd>{mod}</Kbd>
        <Kbd>K</Kbd>
      </span>
    </button>
  );
}
