/** One server-sent event as read off the wire. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: unknown;
}

/** An open stream: the status, the events read so far, the next event that matches, and a way to close it. */
export interface SseClient {
  status: number;
  body: string;
  events: SseEvent[];
  /** Resolves with the first event (read or to come) that `match` accepts; rejects when the stream ends first. */
  next(match: (event: SseEvent) => boolean): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` with fetch and parses its server-sent events as they arrive. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: Array<{
    match: (event: SseEvent) => boolean;
    resolve: (event: SseEvent) => void;
    reject: (e: Error) => void;
  }> = [];
  let finished = false;
  const client: SseClient = {
    status: response.status,
    body: '',
    events,
    next: (match) => {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      if (finished) return Promise.reject(new Error('the stream ended'));
      return new Promise((resolve, reject) => waiters.push({ match, resolve, reject }));
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) {
    client.body = await response.text();
    return client;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has('event')) continue;
          const event: SseEvent = {
            id: fields.get('id') ?? null,
            event: fields.get('event') ?? 'message',
            data: JSON.parse(fields.get('data') ?? 'null'),
          };
          events.push(event);
          for (const waiter of [...waiters]) {
            if (!waiter.match(event)) continue;
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(event);
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      finished = true;
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('the stream ended'));
    }
  })();
  return client;
}
