import { proxy } from 'valtio';
import { session } from '../src/session/store';

/** A customer someone recently opened or acted on, as the palette lists it. */
export interface RecentUser {
  id: number;
  name: string;
  email?: string;
}

/** Recently run commands and recent customers, newest first; kept per staff member, never under `auth`. */
export interface Recents {
  commands: string[];
  users: RecentUser[];
}

const limit = 20;
const keyPrefix = 'loupe.recents';

function storageKey(): string {
  return `${keyPrefix}.${session.userID ?? 'anonymous'}`;
}

function load(): Recents {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey());
    const stored = raw ? (JSON.parse(raw) as Partial<Recents>) : {};
    const commands = Array.isArray(stored.commands) ? stored.commands.filter((id) => typeof id === 'string') : [];
    const users = Array.isArray(stored.users)
      ? stored.users.filter((user) => typeof user?.id === 'number' && typeof user.name === 'string')
      : [];
    return { commands: commands.slice(0, limit), users: users.slice(0, limit) };
  } catch {
    return { commands: [], users: [] };
  }
}

/** The recents of the signed-in staff member. */
export const recents = proxy<Recents>(load());

function save(): void {
  try {
    globalThis.localStorage?.setItem(
      storageKey(),
      JSON.stringify({ commands: recents.commands, users: recents.users }),
    );
  } catch {}
}

/** Re-reads the recents after the signed-in person changed. */
export function reloadRecents(): void {
  Object.assign(recents, load());
}

export function rememberCommand(id: string): void {
  recents.commands = [id, ...recents.commands.filter((known) => known !== id)].slice(0, limit);
  save();
}

export function rememberUser(user: RecentUser): void {
  const entry: RecentUser = { id: user.id, name: user.name, ...(user.email ? { email: user.email } : {}) };
  recents.users = [entry, ...recents.users.filter((known) => known.id !== user.id)].slice(0, limit);
  save();
}

/** Rank of each recent value (0 = newest), keyed as the palette keys its items: command id, `user:<id>`. */
export function recencyRanks(state: {
  readonly commands: readonly string[];
  readonly users: readonly Readonly<RecentUser>[];
}): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const [index, id] of state.commands.entries()) ranks.set(id, index);
  for (const [index, user] of state.users.entries()) ranks.set(`user:${user.id}`, index);
  return ranks;
}
