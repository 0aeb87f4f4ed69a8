import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Kbd } from '../Kbd';
import type { RowAction } from './types';

interface RowMenuProps {
  label: string;
  actions: readonly RowAction[];
  /** Where to show it: the row's (or the ⋯ button's) box on screen. */
  anchor: DOMRect;
  onRun: (action: RowAction) => void;
  onClose: () => void;
}

/** A row's action menu: ↑/↓ (or j/k) move, Enter runs, Escape closes; disabled actions show their reason. */
export function RowMenu({ label, actions, anchor, onRun, onClose }: RowMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const itemId = useId();
  const firstEnabled = Math.max(
    0,
    actions.findIndex((action) => !action.disabledReason),
  );
  const [active, setActive] = useState(firstEnabled);

  useEffect(() => {
    menu.current?.focus();
    function outside(event: MouseEvent): void {
      if (menu.current && !menu.current.contains(event.target as Node)) onClose();
    }
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [onClose]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const last = actions.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'j') setActive((index) => (index >= last ? 0 : index + 1));
    else if (event.key === 'ArrowUp' || event.key === 'k') setActive((index) => (index <= 0 ? last : index - 1));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(last);
    else if (event.key === 'Enter' || event.key === ' ') {
      const action = actions[active];
      if (action && !action.disabledReason) onRun(action);
    } else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  const top = Math.min(anchor.bottom + 2, window.innerHeight - 40 - actions.length * 40);
  const left = Math.max(8, Math.min(anchor.right - 288, window.innerWidth - 296));
  const activeId = actions[active] ? `${itemId}-${active}` : undefined;
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      tabIndex={-1}
      aria-activedescendant={activeId}
      onKeyDown={onKeyDown}
      className="fixed z-40 flex w-72 flex-col rounded-lg border border-line bg-panel p-1 text-sm shadow-xl shadow-black/40 focus:outline-none"
      style={{ top: Math.max(8, top), left }}
    >
      {actions.length === 0 ? (
        <p className="px-2 py-1.5 text-muted">No actions for this row</p>
      ) : (
        actions.map((action, index) => (
          <div
            key={action.id}
            id={`${itemId}-${index}`}
            role="menuitem"
            tabIndex={-1}
            aria-disabled={action.disabledReason ? true : undefined}
            onMouseEnter={() => setActive(index)}
            onClick={() => {
              if (!action.disabledReason) onRun(action);
            }}
            onKeyDown={() => undefined}
            className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 ${
              index === active ? 'bg-hover' : ''
            } ${action.disabledReason ? 'cursor-not-allowed opacity-60' : ''}`}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate text-fg">{action.label}</span>
              {action.disabledReason ? (
                <span className="block truncate text-xs text-muted">{action.disabledReason}</span>
              ) : null}
            </span>
            {action.shortcut ? <Kbd>{action.shortcut}</Kbd> : null}
          </div>
        ))
      )}
    </div>
  );
}
