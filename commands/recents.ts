import { proxy } from 'valtio';
import { session } from '../src/session/store';

/** A customer someone recently opened or acted on, as the palette lists it. */
export interface RecentUser {
  id: number;
  name: string;
  email?: string;
}

/**
 * A command's runs as one decaying number: each run adds 1 and the sum halves every `halfLifeMs`, so it is
 * frequency × recency in one value (`weight` as of `at`, epoch ms).
 */
export interface CommandRuns {
  weight: number;
  at: number;
}

/** Recent customers (newest first) and each command's runs; kept per staff member, never under `auth`. */
export interface Recents {
  runs: Record<string, CommandRuns>;
  users: RecentUser[];
}

const userLimit = 20;
/** The most commands whose runs are kept (the least frecent are dropped). */
const runLimit = 40;
/** A run counts half after a week. */
export const halfLifeMs = 7 * 24 * 60 * 60 * 1000;
const keyPrefix = 'loupe.recents';

function storageKey(): string {
  return `${keyPrefix}.${session.userID ?? 'anonymous'}`;
}

function validRuns(value: unknown): Record<string, CommandRuns> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const runs: Record<string, CommandRuns> = {};
  for (const [id, entry] of Object.entries(value as Record<string, Partial<CommandRuns>>)) {
    if (Number.isFinite(entry?.weight) && Number.isFinite(entry?.at)) {
      runs[id] = { weight: entry.weight as number, at: entry.at as number };
    }
  }
  return runs;
}

function load(): Recents {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey());
    const stored = raw ? (JSON.parse(raw) as Partial<Recents>) : {};
    const users = Array.isArray(stored.users)
      ? stored.users.filter((user) => typeof user?.id === 'number' && typeof user.name === 'string')
      : [];
    return { runs: validRuns(stored.runs), users: users.slice(0, userLimit) };
  } catch {
    return { runs: {}, users: [] };
  }
}

/** The recents of the signed-in staff member. */
export const recents = proxy<Recents>(load());

function save(): void {
  try {
    globalThis.localStorage?.setItem(storageKey(), JSON.stringify({ runs: recents.runs, users: recents.users }));
  } catch {}
}

/** Re-reads the recents after the signed-in person changed. */
export function reloadRecents(): void {
  Object.assign(recents, load());
}

/** A command's runs weighed as of `now`: each run counts 1, halved every `halfLifeMs` since. */
export function frecencyAt(runs: Readonly<CommandRuns> | undefined, now: number): number {
  if (!runs) return 0;
  return runs.weight * 2 ** (-Math.max(0, now - runs.at) / halfLifeMs);
}

/** Records one run of a command (the palette ranks by it). */
export function rememberCommand(id: string, now = Date.now()): void {
  const runs = { ...recents.runs, [id]: { weight: frecencyAt(recents.runs[id], now) + 1, at: now } };
  const kept = Object.entries(runs)
    .sort(([, a], [, b]) => frecencyAt(b, now) - frecencyAt(a, now))
    .slice(0, runLimit);
  recents.runs = Object.fromEntries(kept);
  save();
}

export function rememberUser(user: RecentUser): void {
  const entry: RecentUser = { id: user.id, name: user.name, ...(user.email ? { email: user.email } : {}) };
  recents.users = [entry, ...recents.users.filter((known) => known.id !== user.id)].slice(0, userLimit);
  save();
}

/**
 * Frecency of each recent value, keyed as the palette keys its items (command id, `user:<id>`): a command's decayed
 * run count; a recent customer's place in the list, as if opened once a little longer ago than the one before.
 */
export function frecencies(
  state: {
    readonly runs: Readonly<Record<string, Readonly<CommandRuns>>>;
    readonly users: readonly Readonly<RecentUser>[];
  },
  now = Date.now(),
): Map<string, number> {
  const values = new Map<string, number>();
  for (const [id, runs] of Object.entries(state.runs)) values.set(id, frecencyAt(runs, now));
  for (const [index, user] of state.users.entries()) values.set(`user:${user.id}`, 1 / (1 + index / 4));
  return values;
}
