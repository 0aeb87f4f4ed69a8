import { eq } from 'drizzle-orm';
import { presenceUrl } from '../../domain/presence';
import type { Database } from '../../server/db/client';
import { customers } from '../../server/db/schema';
import { openStream, percentile } from './collab-live';
import type { Agent } from './collab-race';

/**
 * Presence latency between instances: a stream on instance 2 watches a customer while a tab on instance 1 opens it
 * and leaves it again, `rounds` times (each arrival and each departure one sample); from the beat's send to the
 * `presence` event saying so on the other instance.
 */
export async function benchPresenceLatency(db: Database, agents: [Agent, Agent], rounds: number): Promise<void> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.status, 'ACTIVE'))
    .limit(1);
  if (!customer) throw new Error('no customer');
  const record = `customer:${customer.id}`;
  const stream = await openStream(agents[1], record);
  let waiting: { people: number; resolve: () => void } | null = null;
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (!block.includes('event: presence')) continue;
      const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { people: unknown[] };
      if (waiting && data.people.length === waiting.people) waiting.resolve();
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const tab = `bench-${Date.now()}`;
  const samples: { arrive: number[]; leave: number[] } = { arrive: [], leave: [] };
  for (let round = 0; round < rounds * 2; round += 1) {
    const arriving = round % 2 === 0;
    const heard = new Promise<void>((resolve) => {
      waiting = { people: arriving ? 1 : 0, resolve };
    });
    const sent = performance.now();
    const answer = await fetch(`${agents[0].base.replace(/\/admin$/, '')}${presenceUrl}`, {
      method: 'POST',
      headers: { authorization: agents[0].headers.authorization ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ tab_id: tab, watch: arriving ? [record] : [] }),
    });
    if (!answer.ok) throw new Error(`beat answered ${answer.status}`);
    await answer.arrayBuffer();
    await heard;
    (arriving ? samples.arrive : samples.leave).push(performance.now() - sent);
  }
  stream.destroy();
  const all = [...samples.arrive, ...samples.leave];
  const line = (values: number[]) =>
    `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;
  console.log(
    `presence latency, tab on instance 1 → stream on instance 2, ${rounds} arrivals and ${rounds} departures:`,
  );
  console.log(
    `  beat sent → presence event heard: ${line(all)} (arrivals ${line(samples.arrive)}; departures ${line(samples.leave)})`,
  );
}
