import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type PipelineCallback,
  type PipelineJobEvent,
  pipelineInboundPath,
  pipelineJobEvent,
  pipelineSignatureHeader,
  pipelineToleranceSeconds,
} from '../../domain/integrations/pipeline';
import { sign, verify } from './signing';

/**
 * A STAND-IN for the provider's editing and training service, for the demo and the tests: it speaks only the
 * pipeline contract over HTTP (domain/integrations/pipeline.ts) and edits nothing. Each job it receives is "worked
 * on" for a while, then reported back to Loupe as the real service would: PROCESSING, then READY.
 */
export interface StandInOptions {
  /** Loupe's origin, where reports go (`/integrations/pipeline/events`). */
  loupeUrl: string;
  secret: string;
  /** 0: any free port. */
  port: number;
  /** Wait before a job is reported PROCESSING, and again (× 1–3, varied) before it is READY. */
  stepMs: number;
  /** Answer 503 to every job while true (the tests' and the bench's outage). */
  down?: boolean;
  log?: (line: string) => void;
}

/** What the stand-in saw, for the tests and the bench. */
export interface StandInCounts {
  /** Deliveries answered 2xx, duplicates included. */
  accepted: number;
  /** Distinct event ids received. */
  distinct: number;
  /** Deliveries of an id seen before (Loupe retried after a lost answer). */
  duplicates: number;
  /** Deliveries refused while down, or for a bad signature. */
  refused: number;
  /** Reports Loupe accepted. */
  reported: number;
}

export interface StandIn {
  url: string;
  counts: StandInCounts;
  /** The jobs received, by event id, in the order first seen. */
  received: Map<string, PipelineJobEvent>;
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** A report as the stand-in writes it; its event id is added when it is sent. */
type Report = PipelineCallback extends infer C ? (C extends unknown ? Omit<C, 'event_id'> : never) : never;

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const log = options.log ?? (() => {});
  const counts: StandInCounts = { accepted: 0, distinct: 0, duplicates: 0, refused: 0, reported: 0 };
  const received = new Map<string, PipelineJobEvent>();
  const timers = new Set<NodeJS.Timeout>();
  let down = options.down ?? false;
  let closed = false;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) run();
    }, ms);
    timers.add(timer);
  };

  /** Posts one report, signed, retrying with backoff until Loupe answers; a 4xx is final (logged). */
  const report = (callback: Report, attempt = 1): void => {
    const body = JSON.stringify({ event_id: `standin-${randomUUID()}`, ...callback });
    const send = async (tries: number): Promise<void> => {
      try {
        const response = await fetch(new URL(pipelineInboundPath, options.loupeUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [pipelineSignatureHeader]: sign(options.secret, body) },
          body,
          signal: AbortSignal.timeout(5000),
        });
        const text = await response.text();
        if (response.ok) {
          counts.reported += 1;
          log(`reported ${callback.type}`);
        } else if (response.status < 500) log(`report ${callback.type} refused: ${response.status} ${text}`);
        else throw new Error(`${response.status}`);
      } catch (error) {
        if (closed) return;
        log(`report ${callback.type} failed (${error instanceof Error ? error.message : error}), retrying`);
        later(Math.min(30_000, 500 * 2 ** tries), () => void send(tries + 1));
      }
    };
    void send(attempt);
  };

  const varied = () => options.stepMs * (1 + Math.random() * 2);

  /** Works a job: its project or model is reported PROCESSING, then READY with counts. */
  const work = (job: PipelineJobEvent) => {
    const { data } = job;
    if (data.project_id !== undefined && (job.type === 'project.reedit' || job.type === 'project.teach')) {
      const projectId = data.project_id;
      const photos = data.photos ?? 0;
      later(options.stepMs, () => {
        report({ type: 'project.processing', project_id: projectId });
        later(varied(), () => report({ type: 'project.ready', project_id: projectId, edits_sent: photos }));
      });
    } else if (data.model_id !== undefined && (job.type === 'model.manual_training' || job.type === 'model.finetune')) {
      const modelId = data.model_id;
      const photos = data.photos ?? 0;
      later(options.stepMs, () => {
        report({ type: 'model.processing', model_id: modelId });
        later(varied(), () => report({ type: 'model.ready', model_id: modelId, photos }));
      });
    }
    // profile.revert: nothing to report back (the service just edits with that model from now on).
  };

  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/healthz') return answer(200, { ok: true, counts });
    if (request.method !== 'POST' || request.url !== '/events') return answer(404, { error: 'not found' });
    let raw: string;
    try {
      raw = await readBody(request, 1024 * 1024);
    } catch {
      counts.refused += 1;
      return answer(413, { error: 'body too large' });
    }
    if (down) {
      counts.refused += 1;
      return answer(503, { error: 'down (stand-in outage)' });
    }
    const header = request.headers[pipelineSignatureHeader];
    if (!verify(options.secret, typeof header === 'string' ? header : undefined, raw, pipelineToleranceSeconds)) {
      counts.refused += 1;
      return answer(401, { error: 'bad signature' });
    }
    let event: PipelineJobEvent;
    try {
      event = pipelineJobEvent.parse(JSON.parse(raw));
    } catch {
      counts.refused += 1;
      return answer(400, { error: 'not a pipeline job event' });
    }
    counts.accepted += 1;
    if (received.has(event.event_id)) {
      counts.duplicates += 1;
      return answer(200, { ok: true, duplicate: true });
    }
    received.set(event.event_id, event);
    counts.distinct += 1;
    log(`received ${event.type} ${event.event_id}`);
    work(event);
    return answer(200, { ok: true });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/events`,
    counts,
    received,
    setDown(value) {
      down = value;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
