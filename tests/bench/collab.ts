import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { xsrfCookie, xsrfHeader } from '../../domain/auth';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { customers } from '../../server/db/schema';
import { SandboxGateway } from '../../server/payments';
import { seedDatabase } from '../../server/seed/generate';
import { benchStreams, benchUpdateLatency } from './collab-live';
import { benchPresenceLatency } from './collab-presence';
import { type Agent, benchRace } from './collab-race';
import { benchUndoRace } from './collab-undo';

/**
 * `npm run bench:collab` (DATABASE_URL: a PostgreSQL database the bench may write to, seeded if empty): two
 * instances of the app in this process on one PostgreSQL, each on its own pool and LISTEN connection, listening on
 * loopback. Prints the update latency between them, the two-agent refund race (`--trials 0`: none), the memory
 * per open stream, a flood of `--flood` streams by one staff member against the per-staff cap, and the presence
 * latency between them (`--presence` arrivals and departures) and `--undo` trials of an undo racing another admin's
 * command on the other instance (`--only presence`: these two alone).
 */
const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '200' },
    streams: { type: 'string', default: '2000' },
    flood: { type: 'string', default: '10000' },
    port: { type: 'string', default: '8370' },
    presence: { type: 'string', default: '200' },
    undo: { type: 'string', default: '200' },
    /** `presence`: only the presence latency and the undo race (quick). */
    only: { type: 'string', default: '' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:collab runs on PostgreSQL: set DATABASE_URL (e.g. a loupe_<you>_bench database)');
const secret = 'bench-only-secret-of-at-least-thirty-two-characters';

const instances = await Promise.all([0, 1].map(() => openDatabase({ url })));
const [first, second] = instances;
if (!first || !second) throw new Error('unreachable');
await migrate(first);
const [held] = await first.db.select({ n: count() }).from(customers);
await seedDatabase(first.db, { customers: held?.n ? 0 : 2000, staff: true });
const sandbox = new SandboxGateway(first.db);
const apps = await Promise.all(
  instances.map((database, index) =>
    buildApp({
      database,
      gateway: sandbox,
      config: {
        jwtSecret: secret,
        idempotencyWaitMs: 60_000,
        anonymousRate: { burst: 1e6, perMinute: 1e6 },
        // Instance 1 holds the memory part's thousands of streams; instance 2 keeps the default cap, flooded.
        ...(index === 0 ? { liveStreamsPerStaff: 1e6 } : {}),
      },
    }),
  ),
);
const port = Number(values.port);
await Promise.all(apps.map((app, index) => app.listen({ port: port + index, host: '127.0.0.1' })));

async function signIn(email: string, index: number): Promise<Agent> {
  const base = `http://127.0.0.1:${port + index}/admin`;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'loupe-demo' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const xsrf = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${xsrfCookie}=`))
    ?.slice(xsrfCookie.length + 1);
  if (!token || !xsrf) throw new Error(`sign-in failed (${login.status})`);
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    [xsrfHeader]: xsrf,
    cookie: `${xsrfCookie}=${xsrf}`,
  };
  return { base, headers };
}

const agents: [Agent, Agent] = [await signIn('admin@example.com', 0), await signIn('support_master@example.com', 1)];
console.log(
  `load average: ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
if (values.only !== 'presence') {
  await benchUpdateLatency(first.db, agents, Number(values.rounds));
  if (Number(values.trials) > 0) await benchRace(first.db, sandbox, agents, Number(values.trials));
  await benchStreams(
    agents[0],
    await signIn('support_pl1@example.com', 1),
    Number(values.streams),
    Number(values.flood),
  );
}
if (Number(values.presence) > 0) await benchPresenceLatency(first.db, agents, Number(values.presence));
if (Number(values.undo) > 0) {
  await benchUndoRace(first.db, [agents[0], await signIn('admin@example.com', 1)], Number(values.undo));
}
await Promise.all(apps.map((app) => app.close()));
await Promise.all(instances.map((database) => database.close()));
