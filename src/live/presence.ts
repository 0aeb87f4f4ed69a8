import { proxy } from 'valtio';
import { type PresenceEvent, type PresentPerson, presenceTiming, presenceUrl } from '../../domain/presence';
import { apiAddress } from '../http/api-address';
import { session } from '../session/store';
import { onStreamEvent, tabId, watchedRecords } from './live-stream';

/** Who has each watched record open now (the tab's own person included; the header leaves them out). */
export const presenceState = proxy<{ byRecord: Record<string, PresentPerson[]> }>({ byRecord: {} });

let activity: string | null = null;
let beating = false;
let timer: ReturnType<typeof setInterval> | undefined;
let sentAny = false;

/** The tab's beat: the records it shows and what it does; the answer says who else is there. */
async function beat(watch: readonly string[], keepalive = false): Promise<void> {
  if (!session.accessToken) return;
  const response = await fetch(`${apiAddress()}${presenceUrl}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tab_id: tabId, watch, activity }),
    keepalive,
  });
  if (!response.ok) return;
  const answer = (await response.json()) as { presence?: Record<string, PresentPerson[]> };
  for (const [record, people] of Object.entries(answer.presence ?? {})) presenceState.byRecord[record] = people;
}

/** Beats now (once at a time), when the tab watches something or just stopped. */
export async function beatNow(): Promise<void> {
  const watch = watchedRecords();
  if ((watch.length === 0 && !sentAny) || beating) return;
  beating = true;
  sentAny = watch.length > 0;
  try {
    await beat(watch);
  } catch {
    // The next beat tries again; presence is a nicety, never an error to show.
  } finally {
    beating = false;
  }
}

/** What the person does in this tab ("in Refund project"), or null; told at once when it changes. */
export function setPresenceActivity(text: string | null): void {
  if (text === activity) return;
  activity = text;
  void beatNow();
}

/** Starts beating (every `beatMs`, and as the stream opens) and hearing presence events; once per tab. */
export function startPresence(): void {
  if (timer) return;
  timer = setInterval(() => void beatNow(), presenceTiming.beatMs);
  onStreamEvent('ready', () => void beatNow());
  onStreamEvent('presence', (data) => {
    const event = data as PresenceEvent | null;
    if (event?.record) presenceState.byRecord[event.record] = event.people;
  });
  // A closing tab says it left (keepalive lets the request outlive the page); a crash is swept on the server.
  window.addEventListener('pagehide', () => {
    if (sentAny) void beat([], true).catch(() => {});
  });
}
