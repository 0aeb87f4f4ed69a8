import { useCallback, useRef, useState } from 'react';
import { quickActionMenu } from '../../commands/row-menu';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import type { ChargeRow } from '../../domain/charges';
import type { Role } from '../../domain/roles';
import { useSession } from '../../src/session/store';
import { formatId } from '../../src/ui/ids';
import { RowMenu } from '../../src/ui/table/RowMenu';
import type { RowAction } from '../../src/ui/table/types';

/** A charge row's menu: the server's quick actions that have a command, disabled with the server's reason. */
export function chargeRowActions(charge: ChargeRow, role: Role | null | undefined, target: UserTarget): RowAction[] {
  return quickActionMenu('charge', charge.quick_actions, role, target);
}

/** The ⋯ button of a charge row: Enter or a click opens the menu; a choice runs its command for this charge. */
export function ChargeRowMenu({ charge, target }: { charge: ChargeRow; target: UserTarget }) {
  const { userRole } = useSession();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const close = useCallback(() => {
    setAnchor(null);
    button.current?.focus();
  }, []);
  const actions = chargeRowActions(charge, userRole, target);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`Actions for charge ${formatId(charge.id)}`}
        className="rounded px-1.5 text-muted hover:bg-hover hover:text-fg focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => setAnchor(button.current?.getBoundingClientRect() ?? null)}
      >
        ⋯
      </button>
      {anchor && (
        <RowMenu
          label={`Charge ${formatId(charge.id)}`}
          actions={actions}
          anchor={anchor}
          onClose={close}
          onRun={(action) => {
            setAnchor(null);
            void runCommand(action.id, { target, prefill: { charge_id: String(charge.id) }, origin: 'row-menu' });
          }}
        />
      )}
    </>
  );
}
