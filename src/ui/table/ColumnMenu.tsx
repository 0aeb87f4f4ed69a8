import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { Header } from '../../../domain/tables';
import { useAnchoredPanel } from '../anchored-panel';
import { Button } from '../Button';

interface ColumnMenuProps {
  headers: readonly Header[];
  visible: readonly string[];
  onChange: (keys: string[]) => void;
  onReset: () => void;
}

/** "Columns": a checkbox per header; the order stays the headers' order. */
export function ColumnMenu({ headers, visible, onChange, onReset }: ColumnMenuProps) {
  const shown = new Set(visible);
  const anchored = useAnchoredPanel('end');
  function toggle(key: string, on: boolean): void {
    const next = headers.map((header) => header.key).filter((each) => (each === key ? on : shown.has(each)));
    if (next.length) onChange(next);
  }
  return (
    <Popover className="relative">
      <PopoverButton
        style={anchored.button}
        className="inline-flex h-6 items-center gap-1 rounded-md border border-line bg-raised px-2 text-xs font-medium text-fg hover:bg-hover"
      >
        Columns <span className="text-muted">{visible.length}</span>
      </PopoverButton>
      <PopoverPanel
        focus
        style={anchored.panel}
        className="z-30 flex w-60 flex-col gap-1 rounded-lg border border-line bg-panel p-2 shadow-xl shadow-black/30"
      >
        <fieldset className="flex max-h-[60vh] flex-col gap-0.5 overflow-y-auto">
          <legend className="px-1 pb-1 text-xs font-medium text-muted">Visible columns</legend>
          {headers.map((header) => (
            <label
              key={header.key}
              className="flex items-center gap-2 rounded px-1 py-0.5 text-sm text-fg hover:bg-hover"
            >
              <input
                type="checkbox"
                className="size-3.5 accent-(--color-accent)"
                checked={shown.has(header.key)}
                onChange={(event) => toggle(header.key, event.target.checked)}
              />
              {header.label}
            </label>
          ))}
        </fieldset>
        <Button size="sm" variant="ghost" onClick={onReset}>
          Reset to default
        </Button>
      </PopoverPanel>
    </Popover>
  );
}
