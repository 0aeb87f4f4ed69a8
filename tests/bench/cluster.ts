import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { CpuMeter, pidsNamed } from './cpu-time';

/**
 * `npm run bench:cluster -- --database-url URL [--rate 500] [--seconds 120] [--restore-drill]` (issue 21, items 9–10):
 * HAProxy (Debian's, deploy/haproxy.cfg with this bench's ports) in front of three Loupe instances on one PostgreSQL
 * database, under an open-loop mixed load — 80 % reads (customer search, details, filters), 20 % writes (credits with
 * an Idempotency-Key, suspend/unsuspend, details saves with If-Match) — while each instance is restarted in turn with
 * SIGTERM, then one is killed (SIGKILL) and started again. Prints requests, failures by kind and p50/p95/p99 per phase,
 * then checks the database: every credit answered 200 exists exactly once, and no credit exists that no client was
 * told about. Then the same load on one instance without HAProxy (the balancer's cost as a ratio). `--restore-drill`:
 * deploy/backup.sh's drill (dump, restore into a new database, row counts equal), then Loupe started on the copy.
 * The database must hold customers and the demo staff (`npm run seed -- --users N --staff`); the bench writes to it.
 */
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '120' },
    /** HAProxy listens here; the instances on the next three ports, the single instance on the fifth. */
    'base-port': { type: 'string', default: '8600' },
    'drain-seconds': { type: 'string', default: '5' },
    /** Seconds of the single-instance run (default: a third of --seconds). */
    'single-seconds': { type: 'string' },
    'restore-drill': { type: 'boolean', default: false },
    /** Only the restore drill. */
    'restore-drill-only': { type: 'boolean', default: false },
  },
});
const databaseUrl = values['database-url'];
if (!databaseUrl) throw new Error('--database-url (or DATABASE_URL) is required: a seeded PostgreSQL database');
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const basePort = Number(values['base-port']);
const instancePorts = [basePort + 1, basePort + 2, basePort + 3];
const singlePort = basePort + 4;
const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'loupe-cluster-'));
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const secret = 'bench-cluster-secret-of-at-least-thirty-two-characters';
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

// ---------------------------------------------------------------- processes

interface Instance {
  port: number;
  process: ChildProcess;
  exited: Promise<number | null>;
}

function startInstance(port: number, url = databaseUrl as string): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SEED: 'none',
      SKIP_CONSOLE_BUILD: '1',
      PIPELINE: 'off',
      JWT_SECRET: secret,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '127.0.0.1',
      DRAIN_SECONDS: values['drain-seconds'],
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { port, process: child, exited };
}

async function untilReady(port: number, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return performance.now() - started;
    await sleep(100);
  }
  throw new Error(`the instance on port ${port} did not become ready`);
}

/** deploy/haproxy.cfg with this bench's ports: the configuration production uses, on loopback. */
function startHaproxy(): ChildProcess {
  let config = readFileSync(join(root, 'deploy/haproxy.cfg'), 'utf8');
  config = config.replace(/bind 127\.0\.0\.1:\d+/, `bind 127.0.0.1:${basePort}`);
  const servers = [...config.matchAll(/^\s+server (\w+) 127\.0\.0\.1:(\d+) check$/gm)];
  if (servers.length !== 3) throw new Error('deploy/haproxy.cfg: expected three `server … 127.0.0.1:PORT check` lines');
  servers.forEach((server, index) => {
    config = config.replace(server[0], server[0].replace(`:${server[2]}`, `:${instancePorts[index]}`));
  });
  const file = join(work, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  return child;
}

// ---------------------------------------------------------------- the load

type Kind = 'search' | 'details' | 'filter' | 'credit' | 'suspend' | 'save';
/** 80 % reads, 20 % writes. */
const mix: [Kind, number][] = [
  ['search', 30],
  ['details', 25],
  ['filter', 25],
  ['credit', 8],
  ['suspend', 6],
  ['save', 6],
];

interface Sample {
  kind: Kind;
  phase: string;
  ms: number;
  /** null: answered as expected; else the failure's kind (`network`, `503`, `500`, `409`…). */
  failure: string | null;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/admin/${path}`,
        agent,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

interface Session {
  headers: Record<string, string>;
}

async function signIn(port: number): Promise<Session> {
  const answer = await fetch(`http://127.0.0.1:${port}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
  });
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${await answer.text()}`);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` } };
}

interface Customers {
  read: { id: number; email: string }[];
  credit: number[];
  suspend: number[];
  save: number[];
}

async function pickCustomers(): Promise<Customers> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; email: string }>(
      "select id, email from customers where status = 'ACTIVE' order by random() limit 2000",
    );
    if (rows.length < 400) throw new Error('the database needs at least 400 active customers (npm run seed)');
    return {
      read: rows.slice(0, 1000),
      credit: rows.slice(1000, 1400).map((row) => row.id),
      // Each suspend customer is suspended and unsuspended in turn by one client: its next action is known.
      suspend: rows.slice(1400, 1700).map((row) => row.id),
      save: rows.slice(1700).map((row) => row.id),
    };
  } finally {
    await client.end();
  }
}

/** What each credit was told: description (unique per credit) → the answer's credit id, or null if never answered 200. */
type CreditLedger = Map<string, number | null>;

interface LoadOptions {
  port: number;
  session: Session;
  customers: Customers;
  seconds: number;
  rate: number;
  phase: () => string;
  /** Keep going past `seconds` until this settles (the restarts), then 3 s more. */
  until?: Promise<unknown>;
  credits: CreditLedger;
  tag: string;
}

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

async function drive(options: LoadOptions): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const samples: Sample[] = [];
  const { session, customers, port } = options;
  const suspended = new Set<number>();
  const busy = new Set<number>();
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  const kindAt = (i: number): Kind => {
    let roll = (i * 7919) % total;
    for (const [kind, weight] of mix) {
      if (roll < weight) return kind;
      roll -= weight;
    }
    return 'search';
  };
  const call = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    request(agent, port, method, path, { ...session.headers, ...extra }, body);

  const one = async (i: number, kind: Kind): Promise<string | null> => {
    const reader = pick(customers.read, i);
    switch (kind) {
      case 'search': {
        const answer = await call('GET', `users/search/${encodeURIComponent(reader.email.slice(0, 6))}`);
        return answer.status === 200 ? null : String(answer.status);
      }
      case 'details': {
        const answer = await call('GET', `users/${reader.id}/general_details/details`);
        return answer.status === 200 ? null : String(answer.status);
      }
      case 'filter': {
        const statuses = [['ACTIVE'], ['SUSPENDED'], ['ACTIVE', 'SUSPENDED']];
        const answer = await call('POST', 'users/users_filter', {
          filters: [{ kind: 'multi', column: 'status', op: 'equal', value: pick(statuses, i) }],
          page_size: 50,
        });
        return answer.status === 200 ? null : String(answer.status);
      }
      case 'credit': {
        // One credit, retried with the same key until answered (a client that was cut off asks again).
        const description = `${options.tag} ${i}`;
        const key = `${options.tag}-${i}`;
        const customer = pick(customers.credit, i);
        options.credits.set(description, null);
        let failure: string | null = 'network';
        for (let attempt = 0; attempt < 6; attempt++) {
          const answer = await call(
            'POST',
            `users/${customer}/actions/give_credit`,
            { amount: 1, reason: 'SURVEY', description },
            { 'idempotency-key': key },
          ).catch(() => null);
          if (answer?.status === 200) {
            options.credits.set(description, (JSON.parse(answer.body) as { id: number }).id);
            return failure === null || attempt === 0 ? null : `retried ${failure}`;
          }
          failure = answer ? String(answer.status) : 'network';
          if (answer && answer.status < 500 && answer.status !== 409) return failure;
          await sleep(200);
        }
        return failure;
      }
      case 'suspend': {
        const customer = customers.suspend.find((id) => !busy.has(id)) ?? pick(customers.suspend, i);
        busy.add(customer);
        try {
          const action = suspended.has(customer) ? 'unsuspend' : 'suspend';
          const answer = await call(
            'POST',
            `users/${customer}/actions/${action}`,
            action === 'suspend' ? { reason: 'OTHER', description: options.tag } : undefined,
          );
          if (answer.status === 200) {
            if (action === 'suspend') suspended.add(customer);
            else suspended.delete(customer);
            return null;
          }
          if (answer.status === 409) {
            // Left in the other state by an earlier run (or a SIGKILL between commit and answer): the end state holds.
            if (action === 'suspend') suspended.add(customer);
            else suspended.delete(customer);
            return 'already 409';
          }
          return String(answer.status);
        } finally {
          busy.delete(customer);
          // Rotate: the next suspend takes another customer.
          customers.suspend.push(customers.suspend.shift() as number);
        }
      }
      case 'save': {
        const customer = pick(customers.save, i);
        const read = await call('GET', `users/${customer}/general_details/details`);
        if (read.status !== 200) return String(read.status);
        const { last_updated_row: version } = JSON.parse(read.body) as { last_updated_row: string };
        const etag = read.headers.etag;
        const answer = await call(
          'PUT',
          `users/${customer}/general_details/details`,
          { notes: `${options.tag} ${i}`, last_updated_row: version },
          etag ? { 'if-match': String(etag) } : {},
        );
        // 409: someone saved the same customer in between — the precondition doing its job, not a failure.
        return answer.status === 200 || answer.status === 409 ? null : String(answer.status);
      }
    }
  };

  const started = performance.now();
  let settled = options.until === undefined;
  let settledAt = 0;
  void options.until?.then(() => {
    settled = true;
    settledAt = performance.now();
  });
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; ; i++) {
    const due = started + (i * 1000) / options.rate;
    const now = performance.now();
    const past = now - started > options.seconds * 1000;
    if (past && settled && now - settledAt > 3000) break;
    if (due > now) await sleep(due - now);
    const kind = kindAt(i);
    const phase = options.phase();
    const task = one(i, kind).then(
      (failure) => {
        samples.push({ kind, phase, ms: performance.now() - due, failure });
      },
      (error: unknown) => {
        samples.push({ kind, phase, ms: performance.now() - due, failure: `network (${(error as Error).message})` });
      },
    );
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return samples;
}

// ---------------------------------------------------------------- reporting

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function report(title: string, samples: Sample[], wallSeconds: number): void {
  console.log(`\n${title}: ${samples.length} requests in ${wallSeconds.toFixed(1)} s`);
  const phases = [...new Set(samples.map((sample) => sample.phase))];
  const ms = (value: number) => `${value.toFixed(1)}`.padStart(7);
  console.log(
    `${'phase'.padEnd(26)} ${'requests'.padStart(8)} ${'failed'.padStart(7)}    p50     p95     p99  failures by kind`,
  );
  for (const phase of [...phases, 'all']) {
    const inPhase = phase === 'all' ? samples : samples.filter((sample) => sample.phase === phase);
    const timings = inPhase.map((sample) => sample.ms).sort((a, b) => a - b);
    const failures = new Map<string, number>();
    for (const sample of inPhase) {
      if (sample.failure) {
        const key = `${sample.kind}:${sample.failure}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
    // `retried …`: a credit answered 200 after a retry with its key; `already 409`: a suspend that found that state.
    const failed = inPhase.filter((sample) => sample.failure && !/^(retried|already)/.test(sample.failure)).length;
    const kinds = [...failures].map(([key, count]) => `${key}×${count}`).join(' ');
    console.log(
      `${phase.padEnd(26)} ${String(inPhase.length).padStart(8)} ${String(failed).padStart(7)} ${ms(percentile(timings, 50))} ${ms(percentile(timings, 95))} ${ms(percentile(timings, 99))}  ${kinds}`,
    );
  }
}

/** Every credit answered 200 exists exactly once; none exists that no client was told about. */
async function checkCredits(credits: CreditLedger, tag: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ description: string; ids: number[] }>(
      'select description, array_agg(id order by id) as ids from customer_credits where description like $1 group by description',
      [`${tag} %`],
    );
    const stored = new Map(rows.map((row) => [row.description, row.ids.map(Number)]));
    let answered = 0;
    let missing = 0;
    let doubled = 0;
    let untold = 0;
    for (const [description, id] of credits) {
      const ids = stored.get(description) ?? [];
      if (id !== null) {
        answered++;
        if (!ids.includes(id)) missing++;
      } else if (ids.length > 0) untold++;
      if (ids.length > 1) doubled++;
    }
    const strangers = [...stored.keys()].filter((description) => !credits.has(description)).length;
    console.log(
      `credits: ${credits.size} asked, ${answered} answered 200; missing ${missing}, stored twice ${doubled}, stored but never answered ${untold + strangers}`,
    );
    return missing === 0 && doubled === 0 && untold + strangers === 0;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- the runs

async function clusterRun(customers: Customers): Promise<{ ok: boolean; samples: Sample[] }> {
  console.log(
    `Three instances on ports ${instancePorts.join(', ')}, HAProxy on ${basePort}; ${rate} req/s for ${seconds} s`,
  );
  const instances = instancePorts.map((port) => startInstance(port));
  await Promise.all(instancePorts.map((port) => untilReady(port)));
  const haproxy = startHaproxy();
  await untilReady(basePort, 10_000);
  await sleep(1500);
  const session = await signIn(basePort);
  let phase = 'steady';
  const events: string[] = [];
  const restarts = (async () => {
    await sleep(seconds * 150);
    for (const [index, port] of instancePorts.entries()) {
      phase = `rolling SIGTERM ${port}`;
      const instance = instances[index] as Instance;
      const signalled = performance.now();
      instance.process.kill('SIGTERM');
      const code = await instance.exited;
      const drained = performance.now() - signalled;
      const next = startInstance(port);
      instances[index] = next;
      const ready = await untilReady(port);
      events.push(
        `SIGTERM ${port}: exited ${code} after ${(drained / 1000).toFixed(1)} s; ready again ${(ready / 1000).toFixed(1)} s later`,
      );
      // HAProxy's `rise 2` at 500 ms, and a breath before the next one.
      await sleep(2000);
    }
    phase = 'after rolling';
    await sleep(seconds * 100);
    const victim = instances[0] as Instance;
    phase = `SIGKILL ${victim.port}`;
    victim.process.kill('SIGKILL');
    await victim.exited;
    instances[0] = startInstance(victim.port);
    const ready = await untilReady(victim.port);
    events.push(`SIGKILL ${victim.port}: ready again ${(ready / 1000).toFixed(1)} s later`);
    await sleep(2000);
    phase = 'after SIGKILL';
  })();
  const credits: CreditLedger = new Map();
  const tag = `bench-cluster-${randomBytes(4).toString('hex')}`;
  const started = performance.now();
  const samples = await drive({
    port: basePort,
    session,
    customers,
    seconds,
    rate,
    phase: () => phase,
    until: restarts,
    credits,
    tag,
  });
  await restarts;
  report('Through HAProxy, three instances', samples, (performance.now() - started) / 1000);
  for (const event of events) console.log(`  ${event}`);
  const ok = await checkCredits(credits, tag);
  haproxy.kill('SIGTERM');
  await Promise.all(
    instances.map((instance) => {
      instance.process.kill('SIGTERM');
      return instance.exited;
    }),
  );
  return { ok, samples };
}

async function singleRun(customers: Customers, cluster: Sample[]): Promise<boolean> {
  const runSeconds = Number(values['single-seconds'] ?? Math.max(10, Math.round(seconds / 3)));
  console.log(`\nOne instance on ${singlePort}, no HAProxy; ${rate} req/s for ${runSeconds} s`);
  const instance = startInstance(singlePort);
  await untilReady(singlePort);
  const session = await signIn(singlePort);
  const credits: CreditLedger = new Map();
  const tag = `bench-single-${randomBytes(4).toString('hex')}`;
  // CPU per request, for the per-core projection: this instance's process, and every PostgreSQL server process.
  const appCpu = new CpuMeter(() => [instance.process.pid as number]);
  const databaseCpu = new CpuMeter(() => pidsNamed('postgres'));
  appCpu.start();
  databaseCpu.start();
  const started = performance.now();
  const samples = await drive({
    port: singlePort,
    session,
    customers,
    seconds: runSeconds,
    rate,
    phase: () => 'steady',
    credits,
    tag,
  });
  const wall = (performance.now() - started) / 1000;
  const appSeconds = appCpu.stop();
  const databaseSeconds = databaseCpu.stop();
  report('One instance, direct', samples, wall);
  projectPerCore(samples.length, wall, appSeconds, databaseSeconds);
  const ok = await checkCredits(credits, tag);
  instance.process.kill('SIGTERM');
  await instance.exited;
  const p = (list: Sample[], q: number) =>
    percentile(
      list.map((sample) => sample.ms).sort((a, b) => a - b),
      q,
    );
  // Outside the restart windows: the first steady phase (instances just started, not yet warm) and after each fault.
  const steady = cluster.filter((sample) => ['steady', 'after rolling', 'after SIGKILL'].includes(sample.phase));
  if (steady.length > 0) {
    console.log(
      `outside the restarts, 3 instances + HAProxy vs 1 instance direct: p50 ×${(p(steady, 50) / p(samples, 50)).toFixed(2)}, p95 ×${(p(steady, 95) / p(samples, 95)).toFixed(2)}, p99 ×${(p(steady, 99) / p(samples, 99)).toFixed(2)}`,
    );
  }
  return ok;
}

/**
 * What the measured CPU per request says a larger deployment carries: one core of Loupe serves 1/app-seconds-per-request
 * of this mix, one core of PostgreSQL 1/database-seconds-per-request; N instances on N cores and a PostgreSQL of C
 * cores carry the smaller of the two. A projection from one mix on one box (no network between the tiers, the whole
 * working set cached), not a measurement.
 */
function projectPerCore(requests: number, wall: number, appSeconds: number, databaseSeconds: number): void {
  if (requests === 0) return;
  const appMs = (appSeconds * 1000) / requests;
  const databaseMs = (databaseSeconds * 1000) / requests;
  const perAppCore = 1000 / appMs;
  const perDatabaseCore = 1000 / databaseMs;
  console.log(
    `CPU per request (${requests} requests, ${(requests / wall).toFixed(0)} req/s): Loupe ${appMs.toFixed(2)} ms, PostgreSQL ${databaseMs.toFixed(2)} ms (${(appSeconds / wall).toFixed(2)} and ${(databaseSeconds / wall).toFixed(2)} cores busy)`,
  );
  console.log(
    `per core: one Loupe core ≈ ${perAppCore.toFixed(0)} req/s of this mix, one PostgreSQL core ≈ ${perDatabaseCore.toFixed(0)} req/s`,
  );
  for (const [instances, databaseCores] of [
    [3, 4],
    [8, 8],
    [16, 16],
  ] as const) {
    const carried = Math.min(instances * perAppCore, databaseCores * perDatabaseCore);
    console.log(
      `  ${instances} single-core instances, PostgreSQL on ${databaseCores} cores: ≈ ${carried.toFixed(0)} req/s (${instances * perAppCore < databaseCores * perDatabaseCore ? 'Loupe' : 'PostgreSQL'}-bound)`,
    );
  }
}

/**
 * deploy/backup.sh drill (dump, restore into `<database>_restore_drill`, row counts per table equal), then Loupe started
 * on the copy: ready (migrations at head), and a customer's details page there is the source's row.
 */
async function restoreDrill(): Promise<boolean> {
  console.log('\nRestore drill (deploy/backup.sh drill)');
  const source = new URL(databaseUrl as string);
  const admin = new URL(source);
  admin.pathname = '/postgres';
  const name = `${source.pathname.slice(1)}_restore_drill`;
  const started = performance.now();
  const drill = await run(
    'bash',
    [join(root, 'deploy/backup.sh'), 'drill', source.toString(), admin.toString(), name],
    {
      maxBuffer: 1 << 24,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: `${error.stdout}${error.stderr}`,
    failed: true,
  }));
  process.stdout.write(drill.stdout);
  const copy = new URL(source);
  copy.pathname = `/${name}`;
  try {
    if ('failed' in drill) return false;
    const client = new pg.Client({ connectionString: source.toString() });
    await client.connect();
    const { rows } = await client.query<{ id: number; email: string }>(
      'select id, email from customers order by id desc limit 1',
    );
    await client.end();
    const sample = rows[0];
    if (!sample) throw new Error('the source database has no customer');
    const instance = startInstance(singlePort, copy.toString());
    const ready = await untilReady(singlePort);
    const session = await signIn(singlePort);
    const agent = new http.Agent({ keepAlive: false });
    const answer = await request(
      agent,
      singlePort,
      'GET',
      `users/${sample.id}/general_details/details`,
      session.headers,
    );
    instance.process.kill('SIGTERM');
    await instance.exited;
    const email = answer.status === 200 ? (JSON.parse(answer.body) as { email: string }).email : `(${answer.status})`;
    console.log(
      `Loupe on ${name}: ready in ${(ready / 1000).toFixed(1)} s; customer ${sample.id} read there: ${email === sample.email ? 'the same row' : `DIFFERENT (${email})`}; drill ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return email === sample.email;
  } finally {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  }
}

let ok = true;
if (!values['restore-drill-only']) {
  const customers = await pickCustomers();
  const cluster = await clusterRun(customers);
  ok = cluster.ok;
  ok = (await singleRun(customers, cluster.samples)) && ok;
}
if (values['restore-drill'] || values['restore-drill-only']) ok = (await restoreDrill()) && ok;
console.log(ok ? '\nbench:cluster: database checks passed' : '\nbench:cluster: a database check FAILED');
process.exit(ok ? 0 : 1);
