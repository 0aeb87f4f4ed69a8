import type { Header } from '../../../domain/tables';
import { Button } from '../Button';
import { Popover } from '../Popover';

interface ColumnMenuProps {
  headers: readonly Header[];
  visible: readonly string[];
  onChange: (keys: string[]) => void;
  onReset: () => void;
}

/** "Columns": a checkbox per header; the order stays the headers' order. */
export function ColumnMenu({ headers, visible, onChange, onReset }: ColumnMenuProps) {
  const shown = new Set(visible);
  function toggle(key: string, on: boolean): void {
    const next = headers.map((header) => header.key).filter((each) => (each === key ? on : shown.has(each)));
    if (next.length) onChange(next);
  }
  return (
    <Popover
      align="end"
      button={
        <>
          Columns <span className="text-muted">{visible.length}</span>
        </>
      }
      buttonClassName="inline-flex h-6 items-center gap-1 rounded-md border border-line bg-raised px-2 text-xs font-medium text-fg hover:bg-hover"
      panelClassName="z-30 w-60 rounded-lg border border-line bg-panel p-2 text-fg shadow-xl shadow-black/30"
    >
      {() => (
        <div className="flex flex-col gap-1">
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
        </div>
      )}
    </Popover>
  );
}
