import { useCallback, useRef, useState } from 'react';
import { quickActionMenu } from '../../commands/row-menu';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import type { EditingProjectRow } from '../../domain/projects';
import { useSession } from '../../src/session/store';
import { formatId } from '../../src/ui/ids';
import { RowMenu } from '../../src/ui/table/RowMenu';

/** The ⋯ button of an editing project row: the server's actions that have a command, each run for this project. */
export function ProjectRowMenu({ project, target }: { project: EditingProjectRow; target: UserTarget }) {
  const { userRole } = useSession();
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const close = useCallback(() => {
    setAnchor(null);
    button.current?.focus();
  }, []);
  const actions = quickActionMenu('project', project.quick_actions, userRole, target);
  if (actions.length === 0) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`Actions for project ${formatId(project.id)}`}
        className="rounded px-1.5 text-muted hover:bg-hover hover:text-fg focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => setAnchor(button.current?.getBoundingClientRect() ?? null)}
      >
        ⋯
      </button>
      {anchor && (
        <RowMenu
          label={`Project ${formatId(project.id)}`}
          actions={actions}
          anchor={anchor}
          onClose={close}
          onRun={(action) => {
            setAnchor(null);
            void runCommand(action.id, { target, prefill: { project_id: String(project.id) }, origin: 'row-menu' });
          }}
        />
      )}
    </>
  );
}
