import { useCallback, useRef, useState } from 'react';
import type { RowKind } from '../../commands/quick-actions';
import { quickActionMenu } from '../../commands/row-menu';
import { runCommand } from '../../commands/runner';
import type { QuickAction } from '../../domain/tables';
import { useSession } from '../../src/session/store';
import { RowMenu } from '../../src/ui/table/RowMenu';

interface OpsRowMenuProps {
  kind: Extract<RowKind, 'banner' | 'abTest' | 'promotionLink' | 'broadcast'>;
  /** What the menu's label names, e.g. "Banner #4". */
  label: string;
  quickActions: readonly QuickAction[];
  /** The form values every command of this row gets (its id). */
  prefill: Readonly<Record<string, string>>;
}

/**
 * The ⋯ button of an operations-center row: the server's quick actions that have a command (`quickActionMenu`: one
 * the role may not run says who may, in words; one the server disables, its reason); a choice runs the command
 * prefilled for this row.
 */
export function OpsRowMenu({ kind, label, quickActions, prefill }: OpsRowMenuProps) {
  const { userRole } = useSession();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const close = useCallback(() => {
    setAnchor(null);
    button.current?.focus();
  }, []);
  const actions = quickActionMenu(kind, quickActions, userRole);
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
