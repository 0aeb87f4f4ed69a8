import http from 'node:http';

/** One load's latencies (ms, sorted), its wall time and how many answers were not the expected status. */
export interface LoadResult {
  timings: number[];
  /** Open loop only: latencies counted from when each request left (the server's share without the client's lag). */
  fromSent?: number[];
  seconds: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** One line: p50/p95/p99 and requests per second. */
export function loadLine(name: string, shape: string, result: LoadResult): string {
  const { timings, fromSent, seconds, failures } = result;
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  const sent = fromSent
    ? `  (from sent: p50 ${ms(percentile(fromSent, 50))}  p95 ${ms(percentile(fromSent, 95))})`
    : '';
  return `${name.padEnd(40)} ${shape.padEnd(7)} p50 ${ms(percentile(timings, 50))}  p95 ${ms(percentile(timings, 95))}  p99 ${ms(percentile(timings, 99))}  ${(timings.length / seconds).toFixed(0).padStart(5)} req/s${failures ? `  FAILURES ${failures}` : ''}${sent}`;
}

/**
 * GETs over keep-alive connections with node:http (fetch costs the load generator several times more CPU per
 * request, and on a 2-core machine the generator's CPU is the server's). `concurrency` requests in flight, or, with
 * `rate`, an open loop: request i is due at i / rate seconds and its latency counts from then, so a server that falls
 * behind is charged for the queue it builds (no coordinated omission).
 */
export async function httpLoad(options: {
  port: number;
  total: number;
  path: (i: number) => string;
  status: number;
  concurrency?: number;
  rate?: number;
}): Promise<LoadResult> {
  const sockets = options.concurrency ?? 256;
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const timings: number[] = [];
  const fromSent: number[] = [];
  let failures = 0;
  const get = (i: number, due: number) =>
    new Promise<void>((resolve, reject) => {
      const sentAt = performance.now();
      http
        .get({ host: '127.0.0.1', port: options.port, path: options.path(i), agent }, (response) => {
          response.resume();
          response.on('end', () => {
            const now = performance.now();
            timings.push(now - due);
            fromSent.push(now - sentAt);
            if (response.statusCode !== options.status) failures++;
            resolve();
          });
        })
        .on('error', reject);
    });
  const started = performance.now();
  if (options.rate) {
    const interval = 1000 / options.rate;
    const sent: Promise<void>[] = [];
    for (let i = 0; i < options.total; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(get(i, due));
    }
    await Promise.all(sent);
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: sockets }, async () => {
        while (next < options.total) {
          const i = next++;
          await get(i, performance.now());
        }
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  timings.sort((a, b) => a - b);
  fromSent.sort((a, b) => a - b);
  return { timings, seconds, failures, ...(options.rate ? { fromSent } : {}) };
}

/** Keep-alive sockets for `timedRequest` (bench:api's closed-loop loads). */
const requestAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Sends one request and reads the whole answer; resolves with its status. */
export function timedRequest(url: string, token: string, body?: unknown): Promise<number> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        agent: requestAgent,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (incoming) => {
        incoming.on('data', () => {});
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
