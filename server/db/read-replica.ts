import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '../../domain/endpoint';
import { ConfigError } from '../config';
import type { Database } from './client';

/**
 * The list and search reads a streaming replica may serve (DATABASE_READ_URL; docs/operating.md, read replica): the
 * customers' filter and search, partners, partner and marketing activities, models, the audit trail and its export,
 * the outbox and the notifications. Everything else — writes, the details pages, sign-in and session checks — stays
 * on the primary.
 */
export const replicaReadCalls: ReadonlySet<string> = new Set([
  'users.filter',
  'users.search',
  'partners.filter',
  'partners.search',
  'partnerActivities.filter',
  'marketingActivities.filter',
  'models.list',
  'audit.list',
  'audit.exportCsv',
  'outbox.list',
  'outbox.customerList',
  'notifications.list',
]);

/**
 * The cookie that keeps a person's reads on the primary for a while after their own command: its value is the
 * moment (ms since the epoch) the window ends. Set by whichever instance ran the command, read by any instance.
 */
export const ownWritesCookie = 'loupe_own_writes';

/** Where list reads may go, and how long after a person's own command their reads stay on the primary. */
export interface ReadRouting {
  /** The replica's drizzle handle. */
  replica: Database;
  /** Seconds after a command during which the same person's reads stay on the primary (read-your-writes). */
  afterWriteSeconds: number;
  /** Staff id → end of their window, for callers that keep no cookies (API clients), on this instance. */
  recentWriters: Map<number, number>;
  secureCookies: boolean;
}

/** DATABASE_READ_AFTER_WRITE_SECONDS: whole seconds from 0 to 300, default 5 (well above a healthy replica's lag). */
export function afterWriteSecondsFrom(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DATABASE_READ_AFTER_WRITE_SECONDS;
  if (raw === undefined || raw === '') return 5;
  if (!/^\d+$/.test(raw) || Number(raw) > 300) {
    throw new ConfigError(`DATABASE_READ_AFTER_WRITE_SECONDS must be a whole number from 0 to 300, got "${raw}"`);
  }
  return Number(raw);
}

function ownWritesUntil(request: FastifyRequest, routing: ReadRouting): number {
  const cookie = Number(request.cookies?.[ownWritesCookie] ?? 0);
  const staffId = request.caller?.staff.id;
  const remembered = staffId === undefined ? 0 : (routing.recentWriters.get(staffId) ?? 0);
  return Math.max(Number.isFinite(cookie) ? cookie : 0, remembered);
}

/** The database a read of `endpoint` runs on: the replica for the list reads, unless the caller wrote just now. */
export function readDatabaseFor(
  endpoint: Endpoint,
  request: FastifyRequest,
  primary: Database,
  routing: ReadRouting | null,
): Database {
  if (!routing || !replicaReadCalls.has(endpoint.id)) return primary;
  return ownWritesUntil(request, routing) > Date.now() ? primary : routing.replica;
}

/** After a committed command: this person's reads stay on the primary for the window (cookie, and this instance). */
export function rememberOwnWrite(request: FastifyRequest, reply: FastifyReply, routing: ReadRouting | null): void {
  if (!routing || routing.afterWriteSeconds === 0) return;
  const until = Date.now() + routing.afterWriteSeconds * 1000;
  const staffId = request.actor?.id ?? request.caller?.staff.id;
  if (staffId !== undefined) {
    routing.recentWriters.set(staffId, until);
    // Forget the windows that ended, so the map stays as small as the number of people writing now.
    if (routing.recentWriters.size > 1000) {
      const now = Date.now();
      for (const [id, end] of routing.recentWriters) if (end <= now) routing.recentWriters.delete(id);
    }
  }
  reply.setCookie(ownWritesCookie, String(until), {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: routing.secureCookies,
    maxAge: routing.afterWriteSeconds,
  });
}

/**
 * A replica that cannot answer (down, restarting, refusing connections) is not a reason to fail a read: the primary
 * answers it instead. Connection errors, the server shutting down, and a standby's query cancelled by recovery.
 */
export function isReplicaUnavailable(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = String((cause as { code?: unknown }).code ?? '');
  if (/^(08|57P0)/.test(code) || code === '40001') return true;
  return /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/.test(code) || /Connection terminated/i.test(String(cause));
}
