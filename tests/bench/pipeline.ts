import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { api, apiPrefix } from '../../domain/api';
import { xsrfCookie, xsrfHeader } from '../../domain/call-address';
import { pathOf } from '../../domain/endpoint';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { pipelineOutbox, projects } from '../../server/db/schema';
import { pipelineDefaults } from '../../server/integrations/pipeline/settings';
import { seedDatabase } from '../../server/seed/generate';
import { startStandIn } from '../../tools/stand-in-pipeline/stand-in';

/**
 * `npm run bench:pipeline`: the real app on loopback (fresh PGlite, or DATABASE_URL) with the editing pipeline's
 * stand-in, over HTTP both ways. 1) Re-edits delivered projects and times each until the stand-in's reports made it
 * READY. 2) The receiver goes down for `--down` seconds (default 30) while more re-edits are made, then comes back:
 * prints how many events were delivered, how many times each, the attempts, and how long after recovery the last one
 * arrived.
 */
const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '20' },
    outage: { type: 'string', default: '50' },
    down: { type: 'string', default: '30' },
    step: { type: 'string', default: '5000' },
    port: { type: 'string', default: '8301' },
  },
});
const secret = 'bench-pipeline-secret-0123456789';
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'loupe-bench-pipeline-'));
process.on('exit', () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: dataDir as string });
await migrate(database);
const { db } = database;
await seedDatabase(db, { customers: databaseUrl ? 0 : 500, staff: true });
const port = Number(values.port);
const standIn = await startStandIn({
  loupeUrl: `http://127.0.0.1:${port}`,
  secret,
  port: 0,
  stepMs: Number(values.step),
});
const app = await buildApp({
  database,
  config: { jwtSecret: 'bench-only-secret-of-at-least-thirty-two-characters' },
  pipeline: { ...pipelineDefaults, webhookUrl: standIn.url, secret },
  mail: null,
});
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}${apiPrefix}`;
const login = await fetch(`${base}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
});
const { access_token: token } = (await login.json()) as { access_token: string };
const xsrf = login.headers
  .getSetCookie()
  .map((cookie) => cookie.split(';')[0] ?? '')
  .find((pair) => pair.startsWith(`${xsrfCookie}=`))
  ?.slice(xsrfCookie.length + 1);
if (!token || !xsrf) throw new Error(`sign-in failed (${login.status})`);

const delivered = await db
  .select({ id: projects.id })
  .from(projects)
  .where(and(eq(projects.kind, 'EDITING'), inArray(projects.status, ['READY', 'DOWNLOADED'])))
  .limit(Number(values.projects) + Number(values.outage));
const reedit = async (id: number) => {
  const answer = await fetch(`${base}/${pathOf(api.projects.reedit, { project_id: id })}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      [xsrfHeader]: decodeURIComponent(xsrf),
    },
    body: JSON.stringify({ reason: 'Bench: edit again' }),
  });
  if (answer.status !== 200) throw new Error(`re-edit ${id}: ${answer.status} ${await answer.text()}`);
};
const statusOf = async (ids: number[]) =>
  db.select({ id: projects.id, status: projects.status }).from(projects).where(inArray(projects.id, ids));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log(
  `Editing pipeline on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, stand-in step ${values.step} ms, ` +
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
);

// 1) Re-edit → READY.
const first = delivered.slice(0, Number(values.projects)).map((row) => row.id);
const started = new Map<number, number>();
for (const id of first) {
  started.set(id, Date.now());
  await reedit(id);
}
const readyAfter = new Map<number, number>();
while (readyAfter.size < first.length) {
  for (const row of await statusOf(first)) {
    if (row.status === 'READY' && !readyAfter.has(row.id))
      readyAfter.set(row.id, Date.now() - (started.get(row.id) ?? 0));
  }
  await sleep(100);
}
const times = [...readyAfter.values()].sort((a, b) => a - b);
console.log(
  `Re-edit → READY (${first.length} projects): median ${seconds(times[Math.floor(times.length / 2)] ?? 0)}, ` +
    `max ${seconds(times.at(-1) ?? 0)}`,
);

// 2) The receiver down for a while.
const downMs = Number(values.down) * 1000;
const second = delivered.slice(first.length).map((row) => row.id);
const before = { ...standIn.counts };
standIn.setDown(true);
const downAt = Date.now();
for (const id of second) await reedit(id);
await sleep(Math.max(0, downMs - (Date.now() - downAt)));
standIn.setDown(false);
const upAt = Date.now();
const events = await db
  .select({ id: pipelineOutbox.id })
  .from(pipelineOutbox)
  .where(sql`${pipelineOutbox.createdAt} >= to_timestamp(${downAt / 1000}) - interval '1 second'`);
let lastDeliveredAfter = 0;
for (;;) {
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pipelineOutbox)
    .where(
      and(
        inArray(
          pipelineOutbox.id,
          events.map((event) => event.id),
        ),
        sql`state <> 'DELIVERED'`,
      ),
    );
  if (Number(left?.n) === 0) break;
  await sleep(50);
  lastDeliveredAfter = Date.now() - upAt;
}
const attempts = await db
  .select({ total: sql<number>`sum(attempts)::int`, most: sql<number>`max(attempts)::int` })
  .from(pipelineOutbox)
  .where(
    inArray(
      pipelineOutbox.id,
      events.map((event) => event.id),
    ),
  );
console.log(
  `Receiver down ${seconds(downMs)} with ${second.length} re-edits: ${standIn.counts.distinct - before.distinct} of ` +
    `${events.length} events received, ${standIn.counts.duplicates - before.duplicates} duplicates, ` +
    `${standIn.counts.refused - before.refused} posts refused while down; attempts ${attempts[0]?.total} in all ` +
    `(at most ${attempts[0]?.most} for one); the last delivered ${seconds(lastDeliveredAfter)} after recovery.`,
);
const readyWait = Date.now();
while ((await statusOf(second)).some((row) => row.status !== 'READY')) await sleep(200);
console.log(`…and all ${second.length} READY ${seconds(Date.now() - readyWait)} after the last delivery.`);
await app.close();
await standIn.close();
await database.close();
