import { allEndpoints } from '../../domain/api';
import { apiAddress } from '../http/api-address';
import { refreshSession } from '../http/refresh';
import { revalidateMatching } from '../http/swr';
import { session } from '../session/store';

/** One change to a watched record, as the live stream sends it (server/collab/change-events.ts). */
export interface LiveChange {
  id: number;
  at: string;
  kind: string;
  target: string;
  call_id: string;
  staff_id: number | null;
  staff_name: string | null;
  /** e.g. "Hana Kobayashi gave $10.00 of credit". */
  text: string;
}

type Listener = (change: LiveChange) => void;

/** This tab, for presence: its rows on the server go soon after its stream closes (server/collab/presence.ts). */
export const tabId = crypto.randomUUID();

/** Who hears the stream's other events: `ready` (it opened) and `presence` (its data). */
const eventListeners = new Map<string, Set<(data: unknown) => void>>();

/** Hears every `event` of the tab's stream (`ready`, `presence`); answers the function that stops. */
export function onStreamEvent(event: 'ready' | 'presence', listener: (data: unknown) => void): () => void {
  const listeners = eventListeners.get(event) ?? new Set();
  listeners.add(listener);
  eventListeners.set(event, listeners);
  return () => listeners.delete(listener);
}

/** The records the tab's pages watch now (`customer:57`). */
export function watchedRecords(): string[] {
  return [...watched.keys()].slice(0, 20);
}

const targetParams = new Map(
  allEndpoints.flatMap((endpoint) => (endpoint.target ? [[endpoint.id, endpoint.target.param]] : [])),
);
const watched = new Map<string, Set<Listener>>();
const seen = new Set<number>();
let lastEventId: string | null = null;
let controller: AbortController | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

/** Revalidates every cached answer whose parameters name the changed record (e.g. `"user_id":57`). */
function revalidateRecord(change: LiveChange): void {
  const param = targetParams.get(change.call_id);
  if (!param) return;
  const needles = [`"${param}":${change.target}`, `"${param}":"${change.target}"`];
  void revalidateMatching((key) => needles.some((needle) => key.includes(`${needle},`) || key.includes(`${needle}}`)));
}

function deliver(change: LiveChange): void {
  if (seen.has(change.id)) return;
  seen.add(change.id);
  if (seen.size > 2000) seen.delete(seen.values().next().value as number);
  revalidateRecord(change);
  for (const listener of watched.get(`${change.kind}:${change.target}`) ?? []) listener(change);
}

function schedule(ms: number): void {
  clearTimeout(reopenTimer);
  reopenTimer = setTimeout(() => void open(), ms);
}

/** Reads the stream's frames until it ends; answers why it ended (a `closed` reason) or null. */
async function read(body: ReadableStream<Uint8Array>): Promise<string | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return null;
    buffer += decoder.decode(value, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
      }
      const data = fields.has('data') ? JSON.parse(fields.get('data') ?? 'null') : null;
      if (fields.get('event') === 'closed') return String(data?.reason ?? 'closed');
      const event = fields.get('event') ?? '';
      if (event === 'change' && data) {
        lastEventId = fields.get('id') ?? lastEventId;
        failures = 0;
        deliver(data as LiveChange);
      } else if (event === 'ready' || event === 'presence') {
        for (const listener of eventListeners.get(event) ?? []) listener(data);
      }
    }
  }
}

/** (Re)opens the tab's one stream for the records watched now, resuming after the last event it saw. */
async function open(): Promise<void> {
  controller?.abort();
  controller = null;
  if (watched.size === 0 || !session.accessToken) return;
  const mine = new AbortController();
  controller = mine;
  const query = new URLSearchParams({ watch: watchedRecords().join(','), tab: tabId });
  const headers: Record<string, string> = { authorization: `Bearer ${session.accessToken}` };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  let reason: string | null = null;
  try {
    const response = await fetch(`${apiAddress()}/live/stream?${query}`, { headers, signal: mine.signal });
    if (response.status === 401) reason = 'token_expired';
    else if (response.status === 429) reason = 'too_many';
    else if (!response.ok || !response.body) reason = 'failed';
    else reason = await read(response.body);
  } catch {
    if (mine.signal.aborted) return;
    reason = 'failed';
  }
  if (controller !== mine) return;
  controller = null;
  if (reason === 'session_revoked' || reason === 'staff_deactivated') return;
  if (reason === 'token_expired' || reason === 'role_changed') {
    await refreshSession().catch(() => {});
    if (!session.accessToken) return;
  }
  failures += 1;
  schedule(reason === 'too_many' ? 30_000 : Math.min(10_000, 250 * 2 ** Math.min(failures, 6)));
}

/**
 * Watches a record (`customer:57`) on the tab's one live stream: every change to it revalidates what the page shows
 * of it, and `listener` hears it. Answers the function that stops watching.
 */
export function watchRecord(key: string, listener: Listener): () => void {
  const listeners = watched.get(key) ?? new Set<Listener>();
  const added = !watched.has(key);
  listeners.add(listener);
  watched.set(key, listeners);
  if (added) schedule(50);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    watched.delete(key);
    schedule(50);
  };
}
