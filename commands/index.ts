import type { Command } from './define';
import { areaNavigation } from './navigation/areas';
import { userTabNavigation } from './navigation/user-tabs';
import usersHome from './navigation/users-home';
import openUser from './users/open-user';
import suspend from './users/suspend';
import unsuspend from './users/unsuspend';

/** Every command of the console, in the order the palette lists them when nothing is typed. */
export const commands = [suspend, unsuspend, openUser, ...userTabNavigation, usersHome, ...areaNavigation] as const;

/** The id of any command: deep links, recents, shortcuts and the quick-action table name commands by it. */
export type CommandId = (typeof commands)[number]['id'];

const byId: ReadonlyMap<string, Command> = new Map(commands.map((command): [string, Command] => [command.id, command]));

/** True for the id of a registered command. */
export function isCommandId(id: string): id is CommandId {
  return byId.has(id);
}

/** The command with this id, if any. */
export function commandById(id: string): Command | undefined {
  return byId.get(id);
}

/** Every command, as the runner and palette handle them. */
export const allCommands: readonly Command[] = [...byId.values()];
