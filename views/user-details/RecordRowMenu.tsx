import { useCallback, useEffect, useRef, useState } from 'react';
import type { RowKind } from '../../commands/quick-actions';
import { clearFocusedRecord, recordAttribute, setFocusedRecord } from '../../commands/record-context';
import { quickActionMenu } from '../../commands/row-menu';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import type { QuickAction } from '../../domain/tables';
import { useSession } from '../../src/session/store';
import { formatId } from '../../src/ui/ids';
import { RowMenu } from '../../src/ui/table/RowMenu';

/** What a row of a customer's record list (a charge, a profile, a project) gives its menu. */
export interface RecordRowMenuProps {
  /** Which quick-action → command table applies. */
  kind: Exclude<RowKind, 'customer'>;
  /** The record's id: named in the menu's labels and passed to the command as `<kind>_id`. */
  id: number;
  quickActions: readonly QuickAction[];
  /** The customer the record belongs to. */
  target: UserTarget;
}

/**
 * The ⋯ button of a record row: Enter or a click opens the server's quick actions that have a command (disabled with
 * the server's reason), none when it offers none; a choice runs its command for this record, prefilled with `<kind>_id`.
 */
export function RecordRowMenu({ kind, id, quickActions, target }: RecordRowMenuProps) {
  const { userRole } = useSession();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const close = useCallback(() => {
    setAnchor(null);
    button.current?.focus();
  }, []);
  const actions = quickActionMenu(kind, quickActions, userRole, target);
  const recordKind = kind === 'project' || kind === 'profile' ? kind : null;
  useEffect(() => () => (recordKind ? clearFocusedRecord(recordKind, id) : undefined), [recordKind, id]);
  if (actions.length === 0) return null;
  const noun = kind.charAt(0).toUpperCase() + kind.slice(1);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`Actions for ${kind} ${formatId(id)}`}
        {...(recordKind ? { [recordAttribute]: `${kind}:${id}` } : {})}
        onFocus={() => {
          if (recordKind) setFocusedRecord({ kind: recordKind, id, quickActions, target });
        }}
        className="rounded px-1.5 text-muted hover:bg-hover hover:text-fg focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => setAnchor(button.current?.getBoundingClientRect() ?? null)}
      >
        ⋯
      </button>
      {anchor && (
        <RowMenu
          label={`${noun} ${formatId(id)}`}
          actions={actions}
          anchor={anchor}
          onClose={close}
          onRun={(action) => {
            setAnchor(null);
            void runCommand(action.id, { target, prefill: { [`${kind}_id`]: String(id) }, origin: 'row-menu' });
          }}
        />
      )}
    </>
  );
}
