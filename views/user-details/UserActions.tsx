import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { type OfferedCommand, userActionsFor } from '../../commands/access';
import { allCommands } from '../../commands/index';
import { quickActionOf } from '../../commands/quick-actions';
import { runCommand } from '../../commands/runner';
import { shortcutKeys } from '../../commands/shortcuts';
import type { UserTarget } from '../../commands/target';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { Kbd } from '../../src/ui/Kbd';

function ShortcutHint({ shortcut }: { shortcut: string | undefined }) {
  if (!shortcut) return null;
  return (
    <span aria-hidden="true" className="ml-1 hidden gap-0.5 lg:flex">
      {shortcutKeys(shortcut).map((key) => (
        <Kbd key={key}>{key}</Kbd>
      ))}
    </span>
  );
}

/** The most commands shown as buttons in the customer header. */
const maxButtons = 5;

function reasonOf(offered: OfferedCommand): string | undefined {
  return offered.availability.state === 'disabled' ? offered.availability.reason : undefined;
}

/**
 * The customer's commands this role may run: the first five with a shortcut as buttons, the rest under "More" (commands on
 * one of their notifications stay on that tab); all through the same runner as the palette, shortcuts and links.
 */
export function UserActions({ target }: { target: UserTarget }) {
  const { userRole } = useSession();
  const offered = userActionsFor(allCommands, userRole, target).filter(
    ({ command }) => quickActionOf('notification', command.id) === undefined,
  );
  if (offered.length === 0) return null;
  // At most five buttons, so that the header's actions fit one row at 1440 px; the rest are under More….
  const withKeys = offered.filter(({ command }) => command.shortcut);
  const primary = withKeys.slice(0, maxButtons);
  const more = [...withKeys.slice(maxButtons), ...offered.filter(({ command }) => !command.shortcut)];
  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      {primary.map((each) => {
        const { command } = each;
        const reason = reasonOf(each);
        return (
          <Button
            key={command.id}
            variant={command.kind === 'action' && command.confirm === 'destructive' ? 'danger' : 'secondary'}
            disabled={reason !== undefined}
            title={reason ?? (command.shortcut ? `${command.title} (${command.shortcut})` : command.title)}
            aria-keyshortcuts={command.shortcut}
            onClick={() => void runCommand(command.id, { target, origin: 'button' })}
            hint={<ShortcutHint shortcut={command.shortcut} />}
          >
            {command.title}
          </Button>
        );
      })}
      {more.length > 0 ? (
        <Menu>
          <MenuButton as={Button} variant="secondary">
            More…
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-30 mt-1 flex min-w-56 flex-col rounded-md border border-line bg-panel p-1 shadow-lg shadow-black/30 focus:outline-none"
          >
            {more.map((each) => {
              const reason = reasonOf(each);
              return (
                <MenuItem key={each.command.id} disabled={reason !== undefined}>
                  <button
                    type="button"
                    title={reason}
                    onClick={() => void runCommand(each.command.id, { target, origin: 'button' })}
                    className="flex w-full cursor-pointer items-center rounded px-2 py-1.5 text-left text-sm text-fg data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:bg-hover"
                  >
                    <span className="flex-1">{each.command.title}</span>
                    {reason ? <span className="ml-2 text-xs text-muted">{reason}</span> : null}
                  </button>
                </MenuItem>
              );
            })}
          </MenuItems>
        </Menu>
      ) : null}
    </div>
  );
}
