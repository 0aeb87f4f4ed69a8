import { useCallback, useRef, useState } from 'react';
import { quickActionMenu } from '../../commands/row-menu';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import type { ProfileRow } from '../../domain/profiles';
import { useSession } from '../../src/session/store';
import { formatId } from '../../src/ui/ids';
import { RowMenu } from '../../src/ui/table/RowMenu';

/** The ⋯ button of a profile row: the server's §4 actions that have a command, each run for this profile. */
export function ProfileRowMenu({ profile, target }: { profile: ProfileRow; target: UserTarget }) {
  const { userRole } = useSession();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const close = useCallback(() => {
    setAnchor(null);
    button.current?.focus();
  }, []);
  const actions = quickActionMenu('profile', profile.quick_actions, userRole, target);
  if (actions.length === 0) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`Actions for profile ${formatId(profile.id)}`}
        className="rounded px-1.5 text-muted hover:bg-hover hover:text-fg focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => setAnchor(button.current?.getBoundingClientRect() ?? null)}
      >
        ⋯
      </button>
      {anchor && (
        <RowMenu
          label={`Profile ${formatId(profile.id)}`}
          actions={actions}
          anchor={anchor}
          onClose={close}
          onRun={(action) => {
            setAnchor(null);
            void runCommand(action.id, { target, prefill: { profile_id: String(profile.id) }, origin: 'row-menu' });
          }}
        />
      )}
    </>
  );
}
