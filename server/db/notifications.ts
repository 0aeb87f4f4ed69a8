import type { PGlite } from '@electric-sql/pglite';

/** What a NOTIFY subscription reports. */
export interface NotificationHandlers {
  /** A notification arrived on the channel (after the transaction that sent it committed), with its payload. */
  onNotify(payload: string): void;
  /**
   * PostgreSQL only: also called when this process's pool ran an UPDATE, DELETE or TRUNCATE outside a transaction
   * (see `hearOwnWrites`), for a subscriber that must hear its own writes before the next request.
   */
  onOwnWrite?: () => void;
  /** The subscription is live (true) or lost (false; notifications may be missed until it is live again). */
  onLive(live: boolean): void;
}

/** Ends a subscription. */
export type Unlisten = () => Promise<void>;

const channelPattern = /^[a-z_][a-z0-9_]*$/;
const reconnectMs = 1000;

/** LISTEN on PGlite: its notifications arrive in-process, before the query that caused them resolves. */
export async function listenPglite(client: PGlite, channel: string, handlers: NotificationHandlers): Promise<Unlisten> {
  if (!channelPattern.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const unlisten = await client.listen(channel, (payload) => handlers.onNotify(payload));
  handlers.onLive(true);
  return async () => {
    handlers.onLive(false);
    await unlisten();
  };
}

/** What `hearOwnWrites` wraps: a pg pool's `query`. */
interface QueryablePool {
  query: (...args: never[]) => Promise<{ command?: string }>;
}

/** The statements the `loupe_access_changed` triggers fire on. */
const changingCommands = new Set(['UPDATE', 'DELETE', 'TRUNCATE']);

/**
 * An UPDATE, DELETE or TRUNCATE run on this process's pool outside a transaction calls `onWrite` before its caller
 * sees the result, as PGlite's in-process notifications do: a NOTIFY travels over another connection and could
 * arrive after the next request. (The pipeline's transactions report their own commits: server/http/register.ts.)
 */
export function hearOwnWrites(pool: QueryablePool, onWrite: () => void): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.then((outcome: { command?: string }) => {
      if (outcome && changingCommands.has(outcome.command ?? '')) onWrite();
      return outcome;
    });
  }) as QueryablePool['query'];
}

/**
 * LISTEN on PostgreSQL over one dedicated connection (a pooled one would drop it), reconnecting every second while
 * it is lost; `onLive(false)` as soon as it is.
 */
export async function listenPostgres(url: string, channel: string, handlers: NotificationHandlers): Promise<Unlisten> {
  if (!channelPattern.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const { default: pg } = await import('pg');
  let current: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lose = (client: InstanceType<typeof pg.Client>) => {
    if (current !== client) return;
    current = null;
    handlers.onLive(false);
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(), reconnectMs);
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (current === client && !stopped) handlers.onLive(true);
    } catch {
      lose(client);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    handlers.onLive(false);
    await client?.end().catch(() => {});
  };
}
