import { refusalOf } from '../domain/labels';
import { can, canAny, type Permission } from '../domain/permissions';
import { isRole, type Role } from '../domain/roles';
import { type Availability, type Command, disabled, enabled, hidden } from './define';
import { quickActionOf } from './quick-actions';
import type { UserTarget } from './target';

/** The permissions a command names, as a list (empty for plain navigation). */
export function permissionsOf(command: Pick<Command, 'permission'>): readonly Permission[] {
  if (command.permission === null) return [];
  return typeof command.permission === 'string' ? [command.permission] : command.permission;
}

/** The role may run the command at all: `can(role, permission)` (any of a list); no role → never. */
export function permitted(command: Command, role: Role | null | undefined): boolean {
  if (!isRole(role)) return false;
  if (command.permission === null) return true;
  return typeof command.permission === 'string' ? can(role, command.permission) : canAny(role, command.permission);
}

/**
 * Why the role may not run the command, naming who may in words ("Only admins, PL2 agents and support masters may
 * suspend customers"): the palette, the row menu, a shortcut and a deep link all say it so.
 */
export function forbiddenReason(command: Pick<Command, 'permission'>): string {
  const names = permissionsOf(command);
  if (names.length === 0) return 'Sign in to do this';
  return refusalOf(names);
}

/**
 * Whether the command is offered for this target: the permission first, then the server's `quick_actions` on the
 * row (not offered → hidden; disabled → its `disable_message`), then the command's own `available`.
 */
export function availabilityOf(command: Command, role: Role | null | undefined, target?: UserTarget): Availability {
  if (!permitted(command, role)) return hidden;
  if (command.target !== 'user' || !target) return enabled;
  const offered = target.row?.quick_actions;
  const name = quickActionOf('customer', command.id);
  if (offered && name) {
    const action = offered.find((candidate) => candidate.name === name);
    if (!action) return hidden;
    if (action.is_disabled) return disabled(action.disable_message || 'Not available for this customer');
  }
  return command.available?.(target) ?? enabled;
}

/** A command with its availability for one target. */
export interface OfferedCommand {
  command: Command;
  availability: Exclude<Availability, { state: 'hidden' }>;
}

/** The action commands the role can run on this customer (enabled or disabled with a reason), in registry order. */
export function userActionsFor(
  commands: readonly Command[],
  role: Role | null | undefined,
  target: UserTarget,
): OfferedCommand[] {
  const offered: OfferedCommand[] = [];
  for (const command of commands) {
    if (command.kind !== 'action' || command.target !== 'user') continue;
    const availability = availabilityOf(command, role, target);
    if (availability.state !== 'hidden') offered.push({ command, availability });
  }
  return offered;
}
