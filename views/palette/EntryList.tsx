import { Command } from 'cmdk';
import { shortcutKeys } from '../../commands/shortcuts';
import { Kbd } from '../../src/ui/Kbd';
import { groupEntries, type PaletteEntry } from './entries';

interface EntryListProps {
  entries: readonly PaletteEntry[];
  onSelect: (entry: PaletteEntry) => void;
  /** Shown when nothing matches. */
  empty: string;
  /** A line at the bottom while the server search runs. */
  searching?: boolean;
}

/**
 * The palette's list: groups in rank order, each item valued by its command id or `user:<id>`, shortcuts beside. An
 * unavailable command stays selectable (so Enter can say why) and shows its reason.
 */
export function EntryList({ entries, onSelect, empty, searching }: EntryListProps) {
  return (
    <>
      {/* Outside the listbox: a status line is not an option (axe: a listbox holds options and groups only). */}
      {entries.length === 0 && !searching && empty ? (
        <p role="status" className="px-3 py-6 text-center text-sm text-muted">
          {empty}
        </p>
      ) : null}
      <Command.List
        className="max-h-[min(420px,60vh)] overflow-y-auto overscroll-contain px-1.5 pb-1.5"
        label="Results"
      >
        {groupEntries(entries).map(({ group, entries: items }) => (
          <Command.Group
            key={group}
            heading={group}
            className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-faint"
          >
            {items.map((entry) => (
              <Command.Item
                key={entry.value}
                value={entry.value}
                data-unavailable={entry.kind === 'command' && entry.disabledReason !== undefined ? true : undefined}
                onSelect={() => onSelect(entry)}
                className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm text-fg data-[selected=true]:bg-hover data-[unavailable=true]:cursor-not-allowed data-[unavailable=true]:text-muted"
              >
                <span className="min-w-0 flex-1 truncate">
                  {entry.label}
                  {entry.kind !== 'command' && entry.detail ? (
                    <span className="ml-2 text-xs text-muted">{entry.detail}</span>
                  ) : null}
                  {entry.kind === 'command' && entry.disabledReason ? (
                    <span className="ml-2 text-xs text-muted">
                      <span className="sr-only">unavailable </span>— {entry.disabledReason}
                    </span>
                  ) : null}
                </span>
                {entry.kind === 'command' && entry.shortcut ? (
                  <span className="shrink-0">
                    <span className="sr-only">Shortcut {entry.shortcut}</span>
                    <span aria-hidden="true" className="flex gap-0.5">
                      {shortcutKeys(entry.shortcut).map((key) => (
                        <Kbd key={key}>{key}</Kbd>
                      ))}
                    </span>
                  </span>
                ) : null}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
        {searching ? <p className="px-3 py-2 text-xs text-faint">Searching…</p> : null}
      </Command.List>
    </>
  );
}
