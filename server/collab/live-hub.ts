import { eq, inArray } from 'drizzle-orm';
import type { Role } from '../../domain/roles';
import type { Database } from '../db/client';
import { sessions, staff } from '../db/schema';
import { changeEventOf, parseNotice } from './change-events';
import { parsePresenceNotice, presenceEventOf } from './presence';

/** Bounds of the live streams of one process. */
export interface LiveLimits {
  /** Open streams one staff member may hold in this process (a tab holds one); past it, 429. */
  streamsPerStaff: number;
  /** Records one stream may watch. */
  watchedPerStream: number;
  /** Changes sent at most when a stream resumes after Last-Event-ID. */
  resumeRows: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
}

export const defaultLiveLimits: LiveLimits = {
  streamsPerStaff: 20,
  watchedPerStream: 20,
  resumeRows: 200,
  heartbeatMs: 15_000,
};

/** One open stream: who holds it, which records it watches, and how to write to it. */
export interface LiveStream {
  staffId: number;
  role: Role;
  sessionId: string;
  /** `kind:id` of each watched record. */
  watch: ReadonlySet<string>;
  send(frame: string): void;
  /** Ends the stream, telling the client why (it re-authenticates or stops). */
  close(reason: string): void;
}

/** One server-sent event: `event:` name, JSON data, and the id a client resumes from. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The live streams of this process: each change NOTIFY (every instance hears every change) goes to the streams that
 * watch its record, its sentence read once; each access NOTIFY re-checks every stream's staff member and session,
 * and closes at once those revoked, deactivated or whose role changed.
 */
export class LiveHub {
  readonly #streams = new Set<LiveStream>();
  readonly #perStaff = new Map<number, number>();

  constructor(
    private readonly db: Database,
    readonly limits: LiveLimits = defaultLiveLimits,
  ) {}

  /** How many streams are open in this process. */
  get size(): number {
    return this.#streams.size;
  }

  /** Adds a stream, or answers false when its staff member holds as many as the cap already. */
  add(stream: LiveStream): boolean {
    const held = this.#perStaff.get(stream.staffId) ?? 0;
    if (held >= this.limits.streamsPerStaff) return false;
    this.#perStaff.set(stream.staffId, held + 1);
    this.#streams.add(stream);
    return true;
  }

  remove(stream: LiveStream): void {
    if (!this.#streams.delete(stream)) return;
    const held = (this.#perStaff.get(stream.staffId) ?? 1) - 1;
    if (held > 0) this.#perStaff.set(stream.staffId, held);
    else this.#perStaff.delete(stream.staffId);
  }

  /** A `loupe_changes` NOTIFY: its event to every stream watching the record. */
  async onChange(payload: string): Promise<void> {
    const notice = parseNotice(payload);
    if (!notice) return;
    const key = `${notice.kind}:${notice.target}`;
    const watchers = [...this.#streams].filter((stream) => stream.watch.has(key));
    if (watchers.length === 0) return;
    const frame = sseFrame('change', await changeEventOf(this.db, notice), notice.id);
    for (const stream of watchers) stream.send(frame);
  }

  /** A `loupe_presence` NOTIFY: who has the record open now, read once, to every stream watching it. */
  async onPresence(payload: string): Promise<void> {
    const key = parsePresenceNotice(payload);
    if (!key) return;
    const watchers = [...this.#streams].filter((stream) => stream.watch.has(key));
    if (watchers.length === 0) return;
    const frame = sseFrame('presence', await presenceEventOf(this.db, key));
    for (const stream of watchers) stream.send(frame);
  }

  /** A `loupe_access_changed` NOTIFY: closes the streams whose session or staff member no longer holds. */
  async onAccessChanged(): Promise<void> {
    if (this.#streams.size === 0) return;
    const ids = [...new Set([...this.#streams].map((stream) => stream.sessionId))];
    const rows = await this.db
      .select({ sessionId: sessions.id, revokedAt: sessions.revokedAt, role: staff.role, active: staff.active })
      .from(sessions)
      .innerJoin(staff, eq(staff.id, sessions.staffId))
      .where(inArray(sessions.id, ids));
    const held = new Map(rows.map((row) => [row.sessionId, row]));
    for (const stream of [...this.#streams]) {
      const row = held.get(stream.sessionId);
      const reason = !row
        ? 'session_revoked'
        : row.revokedAt
          ? 'session_revoked'
          : !row.active
            ? 'staff_deactivated'
            : row.role !== stream.role
              ? 'role_changed'
              : null;
      if (reason) {
        this.remove(stream);
        stream.close(reason);
      }
    }
  }

  /** Ends every stream (the server is closing). */
  closeAll(reason: string): void {
    for (const stream of [...this.#streams]) {
      this.remove(stream);
      stream.close(reason);
    }
  }
}
