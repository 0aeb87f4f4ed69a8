import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { Caller } from './caller';

/** How long a session check is reused: the bound on a deactivation or revocation whose notification was lost. */
export const sessionCacheMs = 1000;

/** Beyond this many cached sessions the cache starts over (a bound on memory, not a tuning knob). */
const maxEntries = 10_000;

/**
 * Recently checked access tokens of this process: the caller a token was found valid for (signature, expiry, the
 * staff row and the session), reused for at most `ttlMs` and never past the token's expiry, instead of a signature
 * check and one query per request. It only holds tokens found valid; it is emptied whenever a session or a staff
 * account changes (`forgetAll`: the database's NOTIFY on `staff` and `sessions`, and every mutation this process
 * serves), and keeps nothing while `enabled` is false (no change feed: every request asks the database).
 */
export class SessionCache {
  readonly #entries = new Map<string, { caller: Caller; until: number }>();
  #clearedAt = Number.NEGATIVE_INFINITY;
  /** Whether entries may be kept: true while the change feed (LISTEN) is live. */
  enabled = false;

  constructor(readonly ttlMs: number = sessionCacheMs) {}

  /** The caller a token was found valid for, while that is fresh and the token unexpired. */
  get(token: string): Caller | null {
    const entry = this.#entries.get(token);
    if (!entry) return null;
    if (entry.until > Date.now()) return entry.caller;
    this.#entries.delete(token);
    return null;
  }

  /**
   * Keeps the caller of a token that expires at `expiresAt`, found valid by a check that started at `checkedAt`
   * (Date.now()): a change that arrived while the check ran may have been missed by it, so such a result is not kept.
   */
  set(token: string, caller: Caller, checkedAt: number, expiresAt: number): void {
    if (!this.enabled || this.ttlMs <= 0 || checkedAt <= this.#clearedAt) return;
    if (this.#entries.size >= maxEntries) this.#entries.clear();
    this.#entries.set(token, { caller, until: Math.min(checkedAt + this.ttlMs, expiresAt) });
  }

  /** Drops every entry (a staff account or a session changed somewhere). */
  forgetAll(): void {
    this.#entries.clear();
    this.#clearedAt = Date.now();
  }
}

/** The channel the triggers on `staff` (role, active) and `sessions` (revocation) notify, at commit. */
export const accessChangedChannel = 'loupe_access_changed';

/**
 * A session cache for an app, emptied by every NOTIFY on `accessChangedChannel` (other processes, `npm run staff`,
 * SQL by hand) and kept off while that subscription is not live; unsubscribed when the app closes.
 */
export async function watchSessions(database: DatabaseHandle, app: FastifyInstance): Promise<SessionCache> {
  const cache = new SessionCache();
  if (!database.listen) return cache;
  const unlisten = await database.listen(accessChangedChannel, {
    onNotify: () => cache.forgetAll(),
    onOwnWrite: () => cache.forgetAll(),
    onLive: (live) => {
      cache.forgetAll();
      cache.enabled = live;
    },
  });
  app.addHook('onClose', async () => unlisten());
  return cache;
}
