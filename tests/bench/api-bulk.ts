/**
 * The bulk run of `npm run bench:api` (`--calls …,bulk`, `--bulk-rows N`): suspend the active customers among the
 * first N ids, selected by a users_filter body on the server, then unsuspend them again (the bench database is kept
 * between runs); rows per second of each run, and user search p95 measured from this process while it runs.
 */
export interface BulkFigures {
  name: string;
  rows: number;
  seconds: number;
  searchP95: number;
  searches: number;
}

interface Client {
  base: string;
  token: string;
  xsrf: string;
}

/** Signs in again (a long run outlives an access token). */
async function signIn(client: Client): Promise<void> {
  const login = await fetch(`${client.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
  });
  client.token = ((await login.json()) as { access_token: string }).access_token;
  client.xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.getSetCookie().join('; '))?.[1] ?? '';
}

/** A GET as the signed-in admin, signing in again once on a 401. */
async function read(client: Client, path: string): Promise<Response> {
  const get = () => fetch(`${client.base}/${path}`, { headers: { Authorization: `Bearer ${client.token}` } });
  const answer = await get();
  if (answer.status !== 401) return answer;
  await signIn(client);
  return get();
}

const idsUpTo = (rows: number, status: string) => ({
  filters: [
    { kind: 'number', column: 'id', op: 'lte', value: rows },
    { kind: 'multi', column: 'status', op: 'equal', value: [status] },
  ],
});

async function post(client: Client, path: string, body: unknown): Promise<Response> {
  return fetch(`${client.base}/${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${client.token}`,
      'X-XSRF-TOKEN': client.xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

async function run(client: Client, name: string, command: string, body: object, queries: readonly string[]) {
  await signIn(client);
  const created = await post(client, 'bulk_runs', { command, ...body, confirm_over_max: true });
  if (!created.ok) throw new Error(`bulk_runs ${created.status}: ${await created.text()}`);
  const { id, total } = (await created.json()) as { id: number; total: number };
  const started = performance.now();
  const timings: number[] = [];
  let finished = false;
  // Search while it runs: one request at a time, as a person typing would.
  const searching = (async () => {
    for (let i = 0; !finished; i++) {
      const begin = performance.now();
      const query = encodeURIComponent(queries[i % queries.length] as string);
      const answer = await read(client, `users/search/${query}`);
      await answer.arrayBuffer();
      timings.push(performance.now() - begin);
    }
  })();
  for (;;) {
    const answer = await read(client, `bulk_runs/${id}?limit=1`);
    if (!answer.ok) throw new Error(`bulk_runs/${id} ${answer.status}: ${await answer.text()}`);
    const { run: state } = (await answer.json()) as { run: { state: string } };
    if (state.state !== 'queued' && state.state !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  finished = true;
  await searching;
  timings.sort((a, b) => a - b);
  const searchP95 = timings[Math.min(timings.length - 1, Math.floor(0.95 * timings.length))] ?? Number.NaN;
  return { name, rows: total, seconds, searchP95, searches: timings.length };
}

/** Suspends then unsuspends the active customers among the first `rows` ids; the figures of both runs. */
export async function bulkFigures(client: Client, rows: number, queries: readonly string[]): Promise<BulkFigures[]> {
  const suspend = await run(
    client,
    'bulk suspend by filter',
    'suspend',
    { target: { filter: idsUpTo(rows, 'ACTIVE') }, params: { reason: 'OTHER', description: 'bench' } },
    queries,
  );
  const unsuspend = await run(
    client,
    'bulk unsuspend by filter',
    'unsuspend',
    { target: { filter: idsUpTo(rows, 'SUSPENDED') } },
    queries,
  );
  return [suspend, unsuspend];
}

export function printBulk(figures: readonly BulkFigures[]): void {
  for (const entry of figures) {
    console.log(
      `${entry.name.padEnd(34)} ${entry.rows.toLocaleString('en-US').padStart(8)} rows in ${entry.seconds.toFixed(1)} s: ` +
        `${(entry.rows / entry.seconds).toFixed(0)} rows/s; users/search meanwhile p95 ${entry.searchP95.toFixed(1)} ms ` +
        `(${entry.searches} searches)`,
    );
  }
}
