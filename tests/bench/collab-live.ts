import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { customers } from '../../server/db/schema';
import type { Agent } from './collab-race';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** Opens a live stream over plain HTTP (lighter than fetch, for thousands): resolves with the response. */
export function openStream(agent: Agent, watch: string): Promise<IncomingMessage> {
  const url = new URL(`${agent.base.replace(/\/admin$/, '')}/live/stream?watch=${watch}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { authorization: agent.headers.authorization ?? '' }, agent: false });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/**
 * Update latency between instances: a stream on instance 2 watches a customer while instance 1 gives it credit,
 * `rounds` times one after another; from the action's send to its event on the other instance.
 */
export async function benchUpdateLatency(db: Database, agents: [Agent, Agent], rounds: number): Promise<void> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.currency, 'USD'))
    .limit(1);
  if (!customer) throw new Error('no USD customer');
  const stream = await openStream(agents[1], `customer:${customer.id}`);
  let waiting: (() => void) | null = null;
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.includes('event: change')) {
      buffer = '';
      waiting?.();
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const latencies: number[] = [];
  const actions: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const heard = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const sent = performance.now();
    const answer = await fetch(`${agents[0].base}/users/${customer.id}/actions/give_credit`, {
      method: 'POST',
      headers: { ...agents[0].headers, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ amount: 0.01, reason: 'SURVEY', description: 'bench' }),
    });
    await answer.arrayBuffer();
    actions.push(performance.now() - sent);
    await heard;
    latencies.push(performance.now() - sent);
  }
  stream.destroy();
  console.log(`update latency, instance 1 → stream on instance 2, ${rounds} changes one after another:`);
  console.log(
    `  action sent → event heard: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms` +
      ` (the action's own answer: p50 ${percentile(actions, 50).toFixed(1)} ms, p95 ${percentile(actions, 95).toFixed(1)} ms)`,
  );
}

/**
 * Memory per open stream (server and client sides in this one process, after GC), and a per-staff flood: `flood`
 * stream requests by one staff member at once → refused past the cap while a plain call is still answered.
 */
export async function benchStreams(agent: Agent, other: Agent, streams: number, flood: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const held: IncomingMessage[] = [];
  for (let batch = 0; batch < streams; batch += 100) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(100, streams - batch) }, () => openStream(agent, 'customer:1')),
    );
    held.push(...opened);
  }
  gc?.();
  const after = process.memoryUsage();
  const ok = held.filter((response) => response.statusCode === 200).length;
  console.log(
    `memory: ${ok} open streams: heap +${((after.heapUsed - before.heapUsed) / ok / 1024).toFixed(1)} KiB and RSS ` +
      `+${((after.rss - before.rss) / ok / 1024).toFixed(1)} KiB per stream (both ends in this process${gc ? '' : ', no --expose-gc'})`,
  );
  for (const response of held) response.destroy();

  const statuses = new Map<number, number>();
  let served = 0;
  const started = performance.now();
  for (let batch = 0; batch < flood; batch += 200) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(200, flood - batch) }, async () => {
        const response = await openStream(other, 'customer:1').catch(() => null);
        return response;
      }),
    );
    for (const response of answers) {
      const status = response?.statusCode ?? 0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status !== 200) response?.resume();
    }
    held.push(...(answers.filter((response) => response?.statusCode === 200) as IncomingMessage[]));
    const plain = await fetch(`${other.base}/users/1`, { headers: other.headers });
    if (plain.status === 200) served += 1;
    await plain.arrayBuffer();
  }
  for (const response of held) response.destroy();
  console.log(
    `flood: ${flood} stream requests by one staff member in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${[...statuses].map(([status, n]) => `${status} ×${n}`).join(', ')}; plain calls answered meanwhile: ` +
      `${served}/${Math.ceil(flood / 200)}`,
  );
}
