import { availabilityOf, permitted } from '../../commands/access';
import type { Command } from '../../commands/define';
import type { RecentUser } from '../../commands/recents';
import { type UserTarget, userTarget } from '../../commands/target';
import type { Role } from '../../domain/roles';
import type { CustomerRow } from '../../domain/users';
import type { RankItem } from './rank';

/** A command in the palette; its value is the command id. */
export interface CommandEntry extends RankItem {
  kind: 'command';
  label: string;
  group: string;
  commandId: string;
  /** The customer in context the command acts on. */
  target?: UserTarget;
  shortcut?: string;
  /** Shown but not selectable, with the server's (or the command's) reason. */
  disabledReason?: string;
}

/** A customer in the palette; its value is `user:<id>`. */
export interface UserEntry extends RankItem {
  kind: 'user';
  label: string;
  group: string;
  target: UserTarget;
  detail: string;
}

export type PaletteEntry = CommandEntry | UserEntry;

/** Ranks the customer in context above everything else that matches. */
export const contextBoost = 100;
/** Recent customers come right after the context while nothing is typed. */
export const recentUsersIdleBoost = 50;

function commandEntry(command: Command, group: string, label: string, extra: Partial<CommandEntry> = {}): CommandEntry {
  return {
    kind: 'command',
    value: command.id,
    label,
    lower: label.toLowerCase(),
    keywordsLower: [command.title, ...(command.keywords ?? [])].join(' ').toLowerCase(),
    boost: 0,
    group,
    commandId: command.id,
    shortcut: command.shortcut,
    ...extra,
  };
}

/** A customer as a palette entry (recent or found). */
export function userEntry(target: UserTarget, group: string, extra: Partial<UserEntry> = {}): UserEntry {
  const row = target.row;
  const detail = [target.email, row?.status === 'SUSPENDED' ? 'suspended' : null, `#${target.id}`]
    .filter(Boolean)
    .join(' · ');
  return {
    kind: 'user',
    value: `user:${target.id}`,
    label: target.name,
    lower: target.name.toLowerCase(),
    keywordsLower: [target.email ?? '', String(target.id), row?.business_name ?? ''].join(' ').toLowerCase(),
    boost: 0,
    group,
    target,
    detail,
    ...extra,
  };
}

/** Found customers as entries, in the server's order. */
export function customerEntries(rows: readonly CustomerRow[], group = 'Customers'): UserEntry[] {
  return rows.map((row) => userEntry(userTarget(row), group));
}

/** Recent customers as entries. */
export function recentUserEntries(users: readonly RecentUser[], idleBoost = recentUsersIdleBoost): UserEntry[] {
  return users.map((user) =>
    userEntry({ kind: 'user', id: user.id, name: user.name, email: user.email }, 'Recent customers', { idleBoost }),
  );
}

interface RootInput {
  commands: readonly Command[];
  role: Role | null;
  /** The customer whose page is open: their commands come first, named for them ("Suspend Jane Doe"). */
  pageTarget: UserTarget | undefined;
  recentUsers: readonly RecentUser[];
}

/**
 * Everything the root page can list, built once per context (not per keystroke): the context customer's commands
 * and tabs, the role's other commands by group, and recent customers.
 */
export function rootEntries({ commands, role, pageTarget, recentUsers }: RootInput): PaletteEntry[] {
  const context: PaletteEntry[] = [];
  const rest: PaletteEntry[] = [];
  for (const command of commands) {
    if (command.target === 'user' && pageTarget) {
      const availability = availabilityOf(command, role, pageTarget);
      if (availability.state === 'hidden') continue;
      const label =
        command.kind === 'action' ? `${command.title} ${pageTarget.name}` : `${pageTarget.name} › ${command.title}`;
      context.push(
        commandEntry(command, pageTarget.name, label, {
          target: pageTarget,
          boost: contextBoost,
          disabledReason: availability.state === 'disabled' ? availability.reason : undefined,
        }),
      );
      continue;
    }
    if (command.target === 'user' && command.kind === 'navigate') continue;
    if (!permitted(command, role)) continue;
    rest.push(commandEntry(command, command.group, command.title));
  }
  const recent = recentUserEntries(recentUsers.filter((user) => user.id !== pageTarget?.id));
  return [...context, ...recent, ...rest];
}

/** Consecutive runs of one group, in the order their best entry ranks. */
export function groupEntries<T extends { group: string }>(entries: readonly T[]): { group: string; entries: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const list = groups.get(entry.group);
    if (list) list.push(entry);
    else groups.set(entry.group, [entry]);
  }
  return [...groups].map(([group, list]) => ({ group, entries: list }));
}
