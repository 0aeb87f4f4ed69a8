import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/tokens';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { auditLog } from '../db/schema';
import { authenticateAccess, bearerOf } from '../http/caller';
import { fail } from '../http/errors';
import { accessChangedChannel, type SessionCache } from '../http/session-cache';
import { changeEventOf } from './change-events';
import {
  defaultLiveLimits,
  LiveHub as Hub,
  type LiveHub,
  type LiveLimits,
  type LiveStream,
  sseFrame,
} from './live-hub';
import { parseTab, presenceChannel, registerPresence, tabClosed } from './presence';
import { parseWatch } from './watch';

export { parseWatch } from './watch';

/** Where a tab opens its stream (outside /admin: a stream is not a call of the contract, and writes no audit row). */
export const liveStreamUrl = '/live/stream';
/** The channel the audit trigger notifies each change on (migration 0035). */
export const changesChannel = 'loupe_changes';

/** The Last-Event-ID a reconnecting client sends (header, or `?last_event_id` for clients that cannot), or null. */
function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown>).last_event_id;
  const text = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  return /^(0|[1-9]\d{0,14})$/.test(text) ? Number(text) : null;
}

/** The changes to the watched records after `lastId` (and of the last 10 s, which may have committed late). */
async function missedChanges(hub: LiveHub, database: DatabaseHandle, watch: Set<string>, lastId: number) {
  const records = [...watch].map((key) => {
    const [kind = '', id = ''] = key.split(':');
    return and(eq(auditLog.targetKind, kind), eq(auditLog.targetId, id));
  });
  const rows = await database.db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staff_id: auditLog.staffId,
      call_id: auditLog.callId,
      kind: auditLog.targetKind,
      target: auditLog.targetId,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.outcome, 'ok'),
        or(...records),
        or(gt(auditLog.id, lastId), gt(auditLog.at, sql`now() - interval '10 seconds'`)),
      ),
    )
    .orderBy(auditLog.id)
    .limit(hub.limits.resumeRows);
  return Promise.all(
    rows.map((row) => changeEventOf(database.db, { ...row, kind: row.kind ?? '', target: row.target ?? '' })),
  );
}

/** What the live routes need of the app. */
export interface LiveOptions {
  database: DatabaseHandle;
  config: AppConfig;
  sessions: SessionCache;
  limits?: Partial<LiveLimits>;
}

/**
 * `GET /live/stream?watch=kind:id,…`: one server-sent-events stream per console tab, authenticated by the access
 * token like any call; it sends `change` events (id = the audit row's) for the watched records, resumes after
 * Last-Event-ID, and closes with a `closed` event when the token expires (the client refreshes and reconnects), the
 * session is revoked, the account deactivated or the role changed. At most `streamsPerStaff` per staff member.
 */
export async function registerLiveRoutes(app: FastifyInstance, options: LiveOptions): Promise<LiveHub> {
  const { database, config } = options;
  const hub = new Hub(database.db, {
    ...defaultLiveLimits,
    streamsPerStaff: config.liveStreamsPerStaff,
    ...options.limits,
  });
  const unlisten = database.listen
    ? await Promise.all([
        database.listen(changesChannel, {
          onNotify: (payload) => void hub.onChange(payload).catch(() => {}),
          onLive: () => {},
        }),
        database.listen(presenceChannel, {
          onNotify: (payload) => void hub.onPresence(payload).catch(() => {}),
          onLive: () => {},
        }),
        database.listen(accessChangedChannel, {
          onNotify: () => void hub.onAccessChanged().catch(() => {}),
          onLive: () => {},
        }),
      ])
    : [];
  app.addHook('preClose', async () => hub.closeAll('server_closing'));
  app.addHook('onClose', async () => {
    await Promise.all(unlisten.map((stop) => stop()));
  });

  registerPresence(app, {
    db: database.db,
    config,
    sessions: options.sessions,
    maxWatched: hub.limits.watchedPerStream,
  });

  app.get(liveStreamUrl, async (request, reply) => {
    const caller = await authenticateAccess(request, database.db, config.jwtSecret, options.sessions);
    const claims = await verifyAccessToken(bearerOf(request) ?? '', config.jwtSecret);
    const query = request.query as Record<string, unknown>;
    const watch = parseWatch(query.watch, hub.limits.watchedPerStream);
    // The tab's presence rows go soon after its stream closes (a closed tab beats no more).
    const tab = query.tab === undefined ? null : parseTab(query.tab);
    const raw = reply.raw;
    const timers: NodeJS.Timeout[] = [];
    let open = true;
    const stream: LiveStream = {
      staffId: caller.staff.id,
      role: caller.staff.role,
      sessionId: caller.sessionId,
      watch,
      send: (frame) => {
        if (open) raw.write(frame);
      },
      close: (reason) => {
        if (!open) return;
        raw.write(sseFrame('closed', { reason }));
        raw.end();
      },
    };
    if (!hub.add(stream)) throw fail('live_streams_exceeded');
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.write(`retry: 1000\n${sseFrame('ready', { watch: [...watch] })}`);
    raw.on('close', () => {
      open = false;
      for (const timer of timers) clearTimeout(timer);
      hub.remove(stream);
      if (tab) void tabClosed(database.db, caller.staff.id, tab).catch(() => {});
    });
    timers.push(setInterval(() => stream.send(': ping\n\n'), hub.limits.heartbeatMs));
    const expiresIn = Math.max(0, claims.expiresAt - Date.now());
    timers.push(
      setTimeout(
        () => {
          hub.remove(stream);
          stream.close('token_expired');
        },
        Math.min(expiresIn, 2 ** 31 - 1),
      ),
    );
    const lastId = lastEventIdOf(request);
    if (lastId !== null && watch.size > 0) {
      const missed = await missedChanges(hub, database, watch, lastId).catch(() => []);
      for (const event of missed) stream.send(sseFrame('change', event, event.id));
    }
  });
  return hub;
}
