import { userActionsFor } from '../../commands/access';
import { allCommands } from '../../commands/index';
import { runCommand } from '../../commands/runner';
import { shortcutKeys } from '../../commands/shortcuts';
import type { UserTarget } from '../../commands/target';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { Kbd } from '../../src/ui/Kbd';

/** The customer's commands this role may run, as buttons: the same runner as the palette, shortcuts and links. */
export function UserActions({ target }: { target: UserTarget }) {
  const { userRole } = useSession();
  const offered = userActionsFor(allCommands, userRole, target);
  if (offered.length === 0) return null;
  return (
    <>
      {offered.map(({ command, availability }) => {
        const reason = availability.state === 'disabled' ? availability.reason : undefined;
        return (
          <Button
            key={command.id}
            variant={command.kind === 'action' && command.confirm === 'destructive' ? 'danger' : 'secondary'}
            disabled={reason !== undefined}
            title={reason ?? (command.shortcut ? `${command.title} (${command.shortcut})` : command.title)}
            aria-keyshortcuts={command.shortcut}
            onClick={() => void runCommand(command.id, { target, origin: 'button' })}
            hint={
              command.shortcut ? (
                <span aria-hidden="true" className="ml-1 flex gap-0.5">
                  {shortcutKeys(command.shortcut).map((key) => (
                    <Kbd key={key}>{key}</Kbd>
                  ))}
                </span>
              ) : undefined
            }
          >
            {command.title}
          </Button>
        );
      })}
    </>
  );
}
