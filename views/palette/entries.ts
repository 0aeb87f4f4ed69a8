import { availabilityOf, forbiddenReason, permitted } from '../../commands/access';
import { bulkTitle } from '../../commands/bulk/flow';
import { customersCount } from '../../commands/bulk/selection';
import type { ActionCommand, Command } from '../../commands/define';
import type { RecentUser } from '../../commands/recents';
import { type FocusedRecord, prefillOfRecord, recordKindLabels } from '../../commands/record-context';
import { quickActionMenu } from '../../commands/row-menu';
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
  /** Goes to a page (a tab jump), rather than doing something. */
  navigation: boolean;
  /** The customer in context the command acts on. */
  target?: UserTarget;
  shortcut?: string;
  /** Shown but not runnable, with the reason (the role's missing permission, the server's or the command's). */
  disabledReason?: string;
  /** The role may not run it: listed only when its name is typed, never while the search is empty. */
  forbidden?: boolean;
  /** A command of the record row in context: its form opens prefilled with the record's id (`project_id`). */
  prefill?: Readonly<Record<string, string>>;
  /** The bulk form of the command, over the table's selection (commands/bulk/flow.ts). */
  bulk?: true;
  /** The prefill names everything the command needs (one approval request): its confirmation opens at once. */
  straight?: true;
}

/** A customer in the palette; its value is `user:<id>`. */
export interface UserEntry extends RankItem {
  kind: 'user';
  label: string;
  group: string;
  target: UserTarget;
  detail: string;
}

/** A record a pasted identifier names (or a page of the console); its value is `found:<kind>:<key>`. */
export interface FoundEntry extends RankItem {
  kind: 'found';
  label: string;
  group: string;
  detail: string;
  /** The page that shows it, with any `?run=` deep link kept. */
  path: string;
  /** Its customer (itself for a customer): remembered as recent when opened. */
  target?: UserTarget;
}

export type PaletteEntry = CommandEntry | UserEntry | FoundEntry;

/** Ranks the customer in context first among equal matches (see `maxBoost`). */
export const contextBoost = 40;

export function commandEntry(
  command: Command,
  group: string,
  label: string,
  extra: Partial<CommandEntry> = {},
): CommandEntry {
  return {
    kind: 'command',
    value: command.id,
    label,
    lower: command.title.toLowerCase(),
    keywordsLower: (command.keywords ?? []).join(' ').toLowerCase(),
    fuzzy: true,
    boost: 0,
    group,
    commandId: command.id,
    navigation: command.kind === 'navigate',
    shortcut: command.shortcut,
    ...extra,
  };
}

/**
 * A command the role may not run: found by its name only (no aliases, no fuzzy letters), after the runnable ones of
 * the same match, disabled with why.
 */
function forbiddenEntry(entry: CommandEntry, command: Command): CommandEntry {
  return {
    ...entry,
    keywordsLower: '',
    fuzzy: false,
    boost: 0,
    forbidden: true,
    disabledReason: forbiddenReason(command),
  };
}

/** The bulk forms of the role's bulk commands over the selection: "Unsuspend 12 customers…", listed first. */
export function bulkEntries(commands: readonly ActionCommand[], selected: number): CommandEntry[] {
  const group = `Selected: ${customersCount(selected)}`;
  return commands.map((command) =>
    commandEntry(command, group, `${bulkTitle(command, selected)}…`, {
      value: `bulk:${command.id}`,
      lower: `${command.title} ${customersCount(selected)} selected bulk`.toLowerCase(),
      boost: contextBoost,
      shortcut: undefined,
      bulk: true,
    }),
  );
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
export function recentUserEntries(users: readonly RecentUser[]): UserEntry[] {
  return users.map((user) =>
    userEntry({ kind: 'user', id: user.id, name: user.name, email: user.email }, 'Recent customers'),
  );
}

interface RootInput {
  commands: readonly Command[];
  role: Role | null;
  /** The customer whose page is open: their commands come first, named for them ("Suspend Jane Doe"). */
  pageTarget: UserTarget | undefined;
  recentUsers: readonly RecentUser[];
  /** The project, profile or model row in context: its commands come first, named for it ("Refund project #12"). */
  record?: FocusedRecord | undefined;
}

/** The commands of the record row in context, by the server's quick actions (disabled with the server's reason). */
function recordEntries(commands: readonly Command[], role: Role | null, record: FocusedRecord): CommandEntry[] {
  const byId = new Map(commands.map((command) => [command.id, command]));
  const group = `${recordKindLabels[record.kind]} #${record.id}`;
  return quickActionMenu(record.kind, record.quickActions, role, record.target).flatMap((action) => {
    const command = byId.get(action.id);
    if (!command) return [];
    const label = `${command.title} #${record.id}`;
    return [
      commandEntry(command, group, label, {
        value: `${command.id}@${record.kind}:${record.id}`,
        lower: `${command.title} ${record.kind} ${record.id}`.toLowerCase(),
        target: record.target,
        boost: contextBoost,
        prefill: prefillOfRecord(record),
        ...(action.disabledReason ? { disabledReason: action.disabledReason } : {}),
      }),
    ];
  });
}

/** A command for the customer in context: named for them, and matched by its title followed by their name. */
export function contextEntry(command: Command, role: Role | null, target: UserTarget): CommandEntry | undefined {
  const label = command.kind === 'action' ? `${command.title} ${target.name}` : `${target.name} › ${command.title}`;
  const entry = commandEntry(command, target.name, label, {
    lower: `${command.title} ${target.name}`.toLowerCase(),
    titleLength: command.title.length,
    target,
    boost: contextBoost,
  });
  if (!permitted(command, role)) return forbiddenEntry(entry, command);
  const availability = availabilityOf(command, role, target);
  if (availability.state === 'hidden') return undefined;
  return availability.state === 'disabled' ? { ...entry, disabledReason: availability.reason } : entry;
}

/**
 * Everything the root page can list, built once per context (not per keystroke): the context customer's commands
 * and tabs, recent customers, and the other commands by group — those the role may not run too, marked forbidden.
 */
export function rootEntries({ commands, role, pageTarget, recentUsers, record }: RootInput): PaletteEntry[] {
  const context: PaletteEntry[] = record ? recordEntries(commands, role, record) : [];
  const ofRecord = new Set(context.map((entry) => (entry.kind === 'command' ? entry.commandId : '')));
  const rest: PaletteEntry[] = [];
  for (const command of commands) {
    if (ofRecord.has(command.id)) continue;
    if (command.target === 'user' && pageTarget) {
      const entry = contextEntry(command, role, pageTarget);
      if (entry) context.push(entry);
      continue;
    }
    if (command.target === 'user' && command.kind === 'navigate') continue;
    const entry = commandEntry(command, command.group, command.title);
    rest.push(permitted(command, role) ? entry : forbiddenEntry(entry, command));
  }
  const recent = recentUserEntries(recentUsers.filter((user) => user.id !== pageTarget?.id));
  return [...context, ...recent, ...rest];
}

/** While nothing is typed, at most this many recently used page jumps are listed above the other commands. */
export const maxIdleJumps = 3;
/** …and at most this many recent customers. */
export const maxIdleRecentUsers = 5;

/**
 * The list while nothing is typed: the open customer's actions first (most frecent first), then a few recent page
 * jumps and recent customers — capped, so tab jumps never push the page's actions down — then the commands run
 * before (by frecency), then the rest in the registry's order. Commands the role may not run are left out.
 */
export function idleEntries(
  entries: readonly PaletteEntry[],
  frecency: ReadonlyMap<string, number>,
  limit: number,
): PaletteEntry[] {
  const score = (entry: PaletteEntry) => frecency.get(entry.value) ?? 0;
  const byFrecency = <T extends PaletteEntry>(list: T[]) => list.sort((a, b) => score(b) - score(a));
  const commands = entries.filter((entry): entry is CommandEntry => entry.kind === 'command' && !entry.forbidden);
  // The record row's commands first, in the server's order; then the page's actions by frecency.
  const recordActions = commands.filter((entry) => entry.prefill);
  const pageActions = [
    ...recordActions,
    ...byFrecency(commands.filter((entry) => entry.target && !entry.navigation && !entry.prefill)),
  ];
  const jumps = byFrecency(commands.filter((entry) => entry.navigation && score(entry) > 0));
  const customers = entries.filter((entry) => entry.kind === 'user').slice(0, maxIdleRecentUsers);
  const lead = [...pageActions, ...jumps.slice(0, maxIdleJumps), ...customers];
  const taken = new Set(lead.map((entry) => entry.value));
  const others = commands.filter((entry) => !taken.has(entry.value));
  const used = byFrecency(others.filter((entry) => !entry.navigation && score(entry) > 0));
  for (const entry of used) taken.add(entry.value);
  return [...lead, ...used, ...others.filter((entry) => !taken.has(entry.value))].slice(0, limit);
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
