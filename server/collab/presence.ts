import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type PresenceEvent,
  type PresentPerson,
  presenceActivityMax,
  presenceTiming,
  presenceUrl,
} from '../../domain/presence';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { presence, staff } from '../db/schema';
import { authenticateAccess } from '../http/caller';
import { fail } from '../http/errors';
import type { SessionCache } from '../http/session-cache';
import { storableText } from '../http/text';
import { parseWatch } from './watch';

/** The channel the presence trigger notifies on (migration 0042). */
export const presenceChannel = 'loupe_presence';

const tabPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** The tab id a beat or a stream names, or 400. */
export function parseTab(value: unknown): string {
  if (typeof value !== 'string' || !tabPattern.test(value)) {
    throw fail('presence_invalid', { detail: 'tab_id: 8 to 64 letters, digits, - or _', field: 'tab_id' });
  }
  return value;
}

/** A beat's body: its tab, the records it shows (possibly none: it left them) and what it is doing. */
function parseBeat(body: unknown, maxWatched: number): { tab: string; watch: Set<string>; activity: string | null } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw fail('presence_invalid', { detail: 'Send {tab_id, watch, activity} as a JSON object' });
  }
  const { tab_id, watch, activity } = body as Record<string, unknown>;
  if (!Array.isArray(watch) || !watch.every((key) => typeof key === 'string')) {
    throw fail('presence_invalid', { detail: 'watch: a list of records such as "customer:57"', field: 'watch' });
  }
  if (activity !== undefined && activity !== null && typeof activity !== 'string') {
    throw fail('presence_invalid', { detail: 'activity: text or null', field: 'activity' });
  }
  const text = typeof activity === 'string' ? storableText(activity.trim()).slice(0, presenceActivityMax) : '';
  return { tab: parseTab(tab_id), watch: parseWatch(watch.join(','), maxWatched), activity: text || null };
}

const recordOf = (key: string) => {
  const [kind = '', id = ''] = key.split(':');
  return { kind, id };
};

const initialsOf = (first: string, last: string) =>
  `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';

/** Who has each record open now (rows beaten within the expiry), one entry per person (their tabs merged). */
export async function presenceOf(db: Database, keys: readonly string[]): Promise<Map<string, PresentPerson[]>> {
  const answer = new Map<string, PresentPerson[]>(keys.map((key) => [key, []]));
  if (keys.length === 0) return answer;
  const rows = await db
    .select({
      kind: presence.kind,
      id: presence.id,
      staffId: presence.staffId,
      activity: presence.activity,
      since: presence.since,
      beatAt: presence.beatAt,
      firstName: staff.firstName,
      lastName: staff.lastName,
    })
    .from(presence)
    .innerJoin(staff, eq(staff.id, presence.staffId))
    .where(
      and(
        or(...keys.map((key) => and(eq(presence.kind, recordOf(key).kind), eq(presence.id, recordOf(key).id)))),
        gt(presence.beatAt, sql`now() - make_interval(secs => ${presenceTiming.expiryMs / 1000})`),
      ),
    )
    .orderBy(presence.since);
  for (const row of rows) {
    const people = answer.get(`${row.kind}:${row.id}`);
    if (!people) continue;
    const known = people.find((person) => person.staff_id === row.staffId);
    if (known) {
      known.activity ??= row.activity;
      continue;
    }
    people.push({
      staff_id: row.staffId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      initials: initialsOf(row.firstName, row.lastName),
      since: new Date(row.since).toISOString(),
      activity: row.activity,
    });
  }
  return answer;
}

/**
 * One beat of a tab, in one transaction: its rows for the records it shows now are kept (since unchanged, beat_at
 * and activity new), created for the records it just opened, and deleted for those it left. The trigger tells
 * everyone watching of arrivals, departures and a changed activity; a beat alone tells nobody.
 */
export async function beat(
  db: Database,
  staffId: number,
  tab: string,
  watch: ReadonlySet<string>,
  activity: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const keys = [...watch].sort();
    const kept = keys.map((key) => sql`(${recordOf(key).kind}, ${recordOf(key).id})`);
    await tx.execute(sql`
      delete from presence where staff_id = ${staffId} and tab_id = ${tab}
      ${kept.length > 0 ? sql`and (kind, id) not in (${sql.join(kept, sql`, `)})` : sql``}`);
    for (const key of keys) {
      const { kind, id } = recordOf(key);
      await tx
        .insert(presence)
        .values({ staffId, tabId: tab, kind, id, activity })
        .onConflictDoUpdate({
          target: [presence.staffId, presence.tabId, presence.kind, presence.id],
          set: { activity, beatAt: sql`now()` },
        });
    }
  });
}

/** A tab's stream closed: its rows go after a short grace unless it beats again (a reconnect does at once). */
export async function tabClosed(db: Database, staffId: number, tab: string): Promise<void> {
  const keep = (presenceTiming.expiryMs - presenceTiming.closeGraceMs) / 1000;
  await db
    .update(presence)
    .set({ beatAt: sql`least(${presence.beatAt}, now() - make_interval(secs => ${keep}))` })
    .where(and(eq(presence.staffId, staffId), eq(presence.tabId, tab)));
}

/** Deletes the rows past their expiry (each delete is told to the watchers by the trigger). */
export async function sweepPresence(db: Database): Promise<number> {
  const gone = await db
    .delete(presence)
    .where(lt(presence.beatAt, sql`now() - make_interval(secs => ${presenceTiming.expiryMs / 1000})`))
    .returning({ id: presence.id });
  return gone.length;
}

/** The event of one record's presence now. */
export async function presenceEventOf(db: Database, key: string): Promise<PresenceEvent> {
  return { record: key, people: (await presenceOf(db, [key])).get(key) ?? [] };
}

/** The record a presence NOTIFY names, or null. */
export function parsePresenceNotice(payload: string): string | null {
  try {
    const value = JSON.parse(payload) as { kind?: unknown; id?: unknown };
    return typeof value.kind === 'string' && typeof value.id === 'string' ? `${value.kind}:${value.id}` : null;
  } catch {
    return null;
  }
}

/**
 * `POST /live/presence {tab_id, watch: ["customer:57"], activity: "in Refund project"}`: the tab's beat,
 * authenticated like a call; answers who has each watched record open now. `watch: []` leaves them all (a tab
 * closing sends it). Every process sweeps expired rows every `sweepMs`.
 */
export function registerPresence(
  app: FastifyInstance,
  options: { db: Database; config: AppConfig; sessions: SessionCache; maxWatched: number },
): void {
  const { db, config, sessions } = options;
  app.post(presenceUrl, async (request) => {
    const caller = await authenticateAccess(request, db, config.jwtSecret, sessions);
    const parsed = parseBeat(request.body, options.maxWatched);
    await beat(db, caller.staff.id, parsed.tab, parsed.watch, parsed.activity);
    const now = await presenceOf(db, [...parsed.watch]);
    return { presence: Object.fromEntries(now) };
  });
  const sweeper = setInterval(() => void sweepPresence(db).catch(() => {}), presenceTiming.sweepMs);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}
