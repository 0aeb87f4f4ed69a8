import { useCallback, useRef, useState } from 'react';
import { permitted } from '../../commands/access';
import { commandById } from '../../commands/index';
import { commandForQuickAction, type RowKind } from '../../commands/quick-actions';
import { runCommand } from '../../commands/runner';
import { insufficientPermissions, type QuickAction } from '../../domain/tables';
import { useSession } from '../../src/session/store';
import { RowMenu } from '../../src/ui/table/RowMenu';
import type { RowAction } from '../../src/ui/table/types';

interface OpsRowMenuProps {
  kind: Extract<RowKind, 'banner' | 'abTest' | 'promotionLink' | 'broadcast'>;
  /** What the menu's label names, e.g. "Banner #4". */
  label: string;
  quickActions: readonly QuickAction[];
  /** The form values every command of this row gets (its id). */
  prefill: Readonly<Record<string, string>>;
}

/**
 * The ⋯ button of an operations-center row: the server's quick actions that have a command, disabled with the
 * server's reason (or "insufficient permissions"); a choice runs the command prefilled for this row.
 */
export function OpsRowMenu({ kind, label, quickActions, prefill }: OpsRowMenuProps) {
  const { userRole } = useSession();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const close = useCallback(() => {
    setAnchor(null);
    button.current?.focus();
  }, []);
  const actions = quickActions.flatMap((action): RowAction[] => {
    const id = commandForQuickAction(kind, action.name);
    const command = id ? commandById(id) : undefined;
    if (!command) return [];
    const base = { id: command.id, label: command.title, shortcut: command.shortcut };
    if (action.is_disabled) return [{ ...base, disabledReason: action.disable_message || 'Not available' }];
    if (!permitted(command, userRole)) return [{ ...base, disabledReason: insufficientPermissions }];
    return [base];
  });
  if (actions.length === 0) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`Actions for ${label}`}
        className="rounded px-1.5 text-muted hover:bg-hover hover:text-fg focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => setAnchor(button.current?.getBoundingClientRect() ?? null)}
      >
        ⋯
      </button>
      {anchor && (
        <RowMenu
          label={label}
          actions={actions}
          anchor={anchor}
          onClose={close}
          onRun={(action) => {
            setAnchor(null);
            void runCommand(action.id, { prefill, origin: 'row-menu' });
          }}
        />
      )}
    </>
  );
}
