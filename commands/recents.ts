import { proxy } from 'valtio';
import type { PaletteUse } from '../domain/palette';
import { session } from '../src/session/store';
import { queueUse, serverUses } from './recents-sync';

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

/**
 * Recent customers (newest first) and each command's runs; kept per staff member, never under `auth`: on the server
 * (`palette/uses`, so they follow the person to any browser) and in this browser for the first paint.
 */
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

/** Re-reads the recents after the signed-in person changed: this browser's at once, then the server's merged in. */
export function reloadRecents(): void {
  Object.assign(recents, load());
  const who = session.userID;
  void serverUses().then((uses) => {
    if (session.userID === who && uses.length > 0) mergeServerUses(uses);
  });
}

/**
 * Merges the server's uses into the recents: per command the more frecent of the two records; this browser's recent
 * customers first, then those only other browsers saw, by frecency.
 */
export function mergeServerUses(uses: readonly PaletteUse[], now = Date.now()): void {
  const runs = { ...recents.runs };
  const users: RecentUser[] = [];
  for (const use of uses) {
    const at = Date.parse(use.at);
    const user = /^user:(\d+)$/.exec(use.key);
    if (user) {
      if (use.label) users.push({ id: Number(user[1]), name: use.label.name, email: use.label.email });
      continue;
    }
    const server = { weight: use.weight * 2 ** (Math.max(0, now - at) / halfLifeMs), at };
    if (frecencyAt(server, now) > frecencyAt(runs[use.key], now)) runs[use.key] = server;
  }
  const here = new Set(recents.users.map((user) => user.id));
  recents.runs = runs;
  recents.users = [...recents.users, ...users.filter((user) => !here.has(user.id))].slice(0, userLimit);
  save();
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
  queueUse(id);
}

export function rememberUser(user: RecentUser): void {
  const entry: RecentUser = { id: user.id, name: user.name, ...(user.email ? { email: user.email } : {}) };
  recents.users = [entry, ...recents.users.filter((known) => known.id !== user.id)].slice(0, userLimit);
  save();
  queueUse(`user:${user.id}`, { name: user.name, email: user.email ?? '' });
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
