import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { customers, jobs } from '../../server/db/schema';
import type { JobWorker } from '../../server/jobs';
import { describeEachBackend } from './support/backends';
import { auditedPerCustomer, insertCustomers, testWorker, untilFinished } from './support/bulk';
import { useTestApi } from './support/test-api';

const inCountry = (country: string, status?: string) => ({
  filter: {
    filters: [
      { kind: 'multi' as const, column: 'country', op: 'equal' as const, value: [country] },
      ...(status ? [{ kind: 'multi' as const, column: 'status', op: 'equal' as const, value: [status] }] : []),
    ],
  },
});
const suspendParams = { reason: 'FRAUD', description: 'bulk test' };

describeEachBackend('bulk runs', (backend) => {
  const t = useTestApi(backend);
  const workers: JobWorker[] = [];
  const worker = (options: Parameters<typeof testWorker>[1] = {}) => {
    const created = testWorker(t.api.db, options);
    workers.push(created);
    return created;
  };
  afterEach(async () => {
    for (const running of workers.splice(0)) await running.stop();
  });

  it('pre-flight counts the target and the refusals the data already tells, and changes nothing', async () => {
    const { api } = t;
    await insertCustomers(api.db, 6, { country: 'AX', status: 'SUSPENDED', tag: 'pfs' });
    const active = await insertCustomers(api.db, 4, { country: 'AX', status: 'ACTIVE', tag: 'pfa' });
    const admin = await api.signIn('ADMIN');
    const answer = await admin.post(
      api.bulkRuns.preflight,
      {},
      {
        command: 'suspend',
        target: inCountry('AX'),
        params: suspendParams,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      total: 10,
      will_run: 4,
      refused: [{ reason: 'already_suspended', count: 6 }],
      needs_second_confirmation: false,
    });
    const byIds = await admin.post(
      api.bulkRuns.preflight,
      {},
      {
        command: 'unsuspend',
        target: { ids: [...active, active[0], 2_000_000_000] },
      },
    );
    expect(byIds.json).toMatchObject({ total: 5, will_run: 0 });
    expect(byIds.json.refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'not_suspended', count: 4 }),
        expect.objectContaining({ reason: 'customer_not_found', count: 1 }),
      ]),
    );
    const empty = await admin.post(
      api.bulkRuns.preflight,
      {},
      { command: 'suspend', target: inCountry('ZZ'), params: suspendParams },
    );
    expect(empty.status).toBe(422);
    expect(empty.error.code).toBe('bulk_run_empty');
    const badParams = await admin.post(
      api.bulkRuns.preflight,
      {},
      { command: 'suspend', target: inCountry('AX'), params: {} },
    );
    expect(badParams.status).toBe(400);
    expect(badParams.error.field).toBe('params.reason');
    expect(await api.db.$count(jobs)).toBe(0);
  });

  it('403 for the whole run before any row when the role lacks the command’s permission (or may not list by filter)', async () => {
    const { api } = t;
    const ids = await insertCustomers(api.db, 3, { country: 'AY', status: 'ACTIVE', tag: 'forb' });
    const marketer = await api.signIn('MARKETER_PLUS');
    const refused = await marketer.post(
      api.bulkRuns.create,
      {},
      { command: 'suspend', target: { ids }, params: suspendParams },
    );
    expect(refused.status).toBe(403);
    const pl1 = await api.signIn('SUPPORT_PL1');
    const byFilter = await pl1.post(
      api.bulkRuns.create,
      {},
      {
        command: 'send_reset_password_email',
        target: inCountry('AY'),
      },
    );
    expect(byFilter.status).toBe(403);
    expect(await api.db.$count(jobs)).toBe(0);
    const rows = await api.db.select().from(customers).where(eq(customers.country, 'AY'));
    expect(rows.every((row) => row.status === 'ACTIVE')).toBe(true);
  });

  it('runs every row through the single call: done and skipped counts, one audit row per customer tied to the run', async () => {
    const { api } = t;
    const suspended = await insertCustomers(api.db, 5, { country: 'AZ', status: 'SUSPENDED', tag: 'uns' });
    const active = await insertCustomers(api.db, 2, { country: 'AZ', status: 'ACTIVE', tag: 'unsa' });
    const master = await api.signIn('SUPPORT_MASTER');
    const created = await master.post(api.bulkRuns.create, {}, { command: 'unsuspend', target: inCountry('AZ') });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ state: 'queued', total: 7, command: 'unsuspend', target: 'filter' });
    worker().start();
    const finished = await untilFinished(api.db, created.json.id);
    expect(finished).toMatchObject({ state: 'done', done: 5, skipped: 2, failed: 0 });
    const rows = await api.db.select().from(customers).where(eq(customers.country, 'AZ'));
    expect(rows.every((row) => row.status === 'ACTIVE')).toBe(true);
    const audited = await auditedPerCustomer(api.db, created.json.id);
    expect([...audited.keys()].sort()).toEqual([...suspended, ...active].map(String).sort());
    expect([...audited.values()].every((count) => count === 1)).toBe(true);
    // The batch ran as one statement (the set form): its audit rows are the single call's, done or refused alike.
    const records = await api.db.execute<{ target_id: string; outcome: string; status: number; detail: string }>(sql`
      select target_id, outcome, status, detail, path, staff_id, call_id from audit_log
      where request_id = ${`bulk_run-${created.json.id}`} order by target_id`);
    const skippedId = String(active[0]);
    expect(records.rows.find((row) => row.target_id === skippedId)).toMatchObject({
      outcome: 'failed',
      status: 409,
      detail: expect.stringMatching(new RegExp(`^bulk run ${created.json.id}: `)),
      path: `/admin/users/${skippedId}/actions/unsuspend`,
      staff_id: api.staff.SUPPORT_MASTER.id,
      call_id: 'users.unsuspend',
    });
    expect(records.rows.find((row) => row.target_id === String(suspended[0]))).toMatchObject({
      outcome: 'ok',
      status: 200,
      detail: `bulk run ${created.json.id}`,
    });
    const read = await master.get(api.bulkRuns.get, { run_id: created.json.id }, { state: 'skipped' });
    expect(read.json.run).toMatchObject({ state: 'done', done: 5, skipped: 2 });
    expect(read.json.reasons).toEqual([
      expect.objectContaining({ state: 'skipped', reason: 'not_suspended', count: 2 }),
    ]);
    expect(read.json.rows.map((row) => row.user_id).sort()).toEqual(active);
    const mine = await master.get(api.bulkRuns.list, {}, {});
    expect(mine.json.runs.map((run) => run.id)).toContain(created.json.id);
    const other = await (await api.signIn('ADMIN')).post(api.bulkRuns.cancel, { run_id: created.json.id }, {});
    expect(other.status).toBe(403);
    const late = await master.post(api.bulkRuns.cancel, { run_id: created.json.id }, {});
    expect(late.status).toBe(409);
    expect((await master.get(api.bulkRuns.get, { run_id: 999_999 }, {})).status).toBe(404);
  });

  it('without see_all_users a run by ids names at most 50 existing customers (403 naming the rule), nothing queued', async () => {
    const { api } = t;
    const ids = await insertCustomers(api.db, 51, { country: 'BV', status: 'ACTIVE', tag: 'vis' });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const jobsBefore = await api.db.$count(jobs);
    const run = (target: { ids: number[] }) =>
      pl1.post(api.bulkRuns.create, {}, { command: 'send_reset_password_email', target, params: {} });
    const tooMany = await run({ ids });
    expect(tooMany.status).toBe(403);
    expect(tooMany.error.code).toBe('bulk_too_many_ids');
    expect(tooMany.error.detail).toContain('at most 50 customers (51 named)');
    // The probe of issue 19: 10,000 sequential ids.
    const sequential = await run({ ids: Array.from({ length: 10_000 }, (_, i) => i + 1) });
    expect(sequential.status).toBe(403);
    expect(sequential.error.code).toBe('bulk_too_many_ids');
    const preflight = await pl1.post(
      api.bulkRuns.preflight,
      {},
      { command: 'send_reset_password_email', target: { ids: [...ids.slice(0, 2), 2_000_000_000] }, params: {} },
    );
    expect(preflight.status).toBe(403);
    expect(preflight.error.code).toBe('bulk_ids_not_visible');
    expect(preflight.error.detail).toContain('1 of the ids name no customer');
    expect(await api.db.$count(jobs)).toBe(jobsBefore);
    // 50 named (a repeat counts once) is within the rule.
    const fifty = await run({ ids: [...ids.slice(0, 50), ids[0] ?? 0] });
    expect(fifty.status, JSON.stringify(fifty.json)).toBe(200);
    expect(fifty.json.total).toBe(50);
    // A role with see_all_users names more.
    const admin = await api.signIn('ADMIN');
    const byAdmin = await admin.post(
      api.bulkRuns.preflight,
      {},
      { command: 'send_reset_password_email', target: { ids }, params: {} },
    );
    expect(byAdmin.status).toBe(200);
    for (const target of [{ ids: ['057'] }, { ids: [-1] }, { ids: [1.5] }, { ids: [2 ** 53 + 2] }, { ids: 'x' }]) {
      const odd = await pl1.post(api.bulkRuns.create, {}, {
        command: 'send_reset_password_email',
        target,
        params: {},
      } as never);
      expect(odd.status, JSON.stringify(target)).toBe(400);
    }
  });

  it('a run’s rows are readable by who started it and by roles with see_all_users only', async () => {
    const { api } = t;
    const ids = await insertCustomers(api.db, 2, { country: 'BW', status: 'ACTIVE', tag: 'own' });
    const pl1 = await api.signIn('SUPPORT_PL1');
    const created = await pl1.post(
      api.bulkRuns.create,
      {},
      { command: 'send_reset_password_email', target: { ids }, params: {} },
    );
    expect(created.status).toBe(200);
    const runId = created.json.id;
    expect((await pl1.get(api.bulkRuns.get, { run_id: runId })).status).toBe(200);
    const otherPl = await api.signIn('SUPPORT_PL2');
    const refused = await otherPl.get(api.bulkRuns.get, { run_id: runId });
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe('bulk_run_not_visible');
    // The refusal names who may read the rows in words, never the permission id.
    expect(refused.error.detail).toContain('roles that see every customer');
    expect((await (await api.signIn('SUPPORT_MASTER')).get(api.bulkRuns.get, { run_id: runId })).status).toBe(200);
    for (const runIdText of ['abc', '057', '99999999999999999999', '%00', ' 1']) {
      const odd = await api.inject({
        method: 'GET',
        url: `/admin/bulk_runs/${encodeURIComponent(runIdText)}`,
        headers: { authorization: `Bearer ${otherPl.accessToken}` },
      });
      expect(odd.statusCode, runIdText).toBeGreaterThanOrEqual(400);
      expect(odd.statusCode, runIdText).toBeLessThan(500);
    }
  });

  it('capped give credit stays capped per row: rows over the daily cap are skipped, each row keyed by the run', async () => {
    const { api } = t;
    const ids = await insertCustomers(api.db, 3, { country: 'BA', status: 'ACTIVE', tag: 'cap' });
    const generous = ids[1] ?? 0;
    const pl1 = await api.signIn('SUPPORT_PL1');
    for (const key of ['cap-first', 'cap-second']) {
      const given = await pl1.post(
        api.userActions.giveCredit,
        { user_id: generous },
        { amount: 50, reason: 'ADDED_A_REVIEW' },
        { idempotencyKey: key },
      );
      expect(given.status).toBe(200);
    }
    const body = {
      command: 'give_credit' as const,
      target: { ids },
      params: { amount: 50.01, reason: 'ADDED_A_REVIEW' },
    };
    const overAction = await pl1.post(api.bulkRuns.preflight, {}, body);
    expect(overAction.json).toMatchObject({ will_run: 0, refused: [{ reason: 'credit_cap_exceeded', count: 3 }] });
    const params = { amount: 40, reason: 'ADDED_A_REVIEW' };
    const preflight = await pl1.post(api.bulkRuns.preflight, {}, { ...body, params });
    expect(preflight.json).toMatchObject({
      total: 3,
      will_run: 2,
      refused: [{ reason: 'credit_daily_cap_exceeded', count: 1 }],
    });
    const created = await pl1.post(api.bulkRuns.create, {}, { ...body, params });
    worker().start();
    expect(await untilFinished(api.db, created.json.id)).toMatchObject({ done: 2, skipped: 1, failed: 0 });
    const credits = await api.db.execute<{ customer_id: number; total: number }>(sql`
      select customer_id, sum(amount)::int as total from customer_credits where staff_id = ${api.staff.SUPPORT_PL1.id}
      group by customer_id order by customer_id`);
    expect(credits.rows.map((row) => [Number(row.customer_id), Number(row.total)])).toEqual([
      [ids[0], 4000],
      [ids[1], 10000],
      [ids[2], 4000],
    ]);
    const keys = await api.db.execute<{ key: string }>(
      sql`select key from idempotency_keys where key like ${`bulk_run-${created.json.id}-%`} order by key`,
    );
    expect(keys.rows.map((row) => row.key).sort()).toEqual(
      [ids[0], ids[2]].map((id) => `bulk_run-${created.json.id}-${id}-1`).sort(),
    );
  });

  it('retry_failed runs only the failed rows again', async () => {
    const { api } = t;
    const ids = await insertCustomers(api.db, 4, { country: 'BB', status: 'ACTIVE', tag: 'retry' });
    const broken = ids[2];
    // One customer whose row cannot be written while this trigger stands (a failure that is not about the row's state).
    await api.db.execute(
      sql.raw(`create function refuse_bulk_test() returns trigger language plpgsql as $$
      begin raise exception 'customer ${broken} is locked for maintenance'; end $$`),
    );
    await api.db.execute(
      sql.raw(`create trigger refuse_bulk_test before update on customers for each row
      when (old.id = ${broken}) execute function refuse_bulk_test()`),
    );
    const master = await api.signIn('SUPPORT_MASTER');
    const created = await master.post(
      api.bulkRuns.create,
      {},
      { command: 'suspend', target: { ids }, params: suspendParams },
    );
    const early = await master.post(api.bulkRuns.retryFailed, { run_id: created.json.id }, {});
    expect(early.status).toBe(409);
    worker().start();
    expect(await untilFinished(api.db, created.json.id)).toMatchObject({ done: 3, failed: 1 });
    const failed = await master.get(api.bulkRuns.get, { run_id: created.json.id }, { state: 'failed' });
    expect(failed.json.rows).toEqual([
      expect.objectContaining({ user_id: broken, reason: 'internal_error', attempts: 1 }),
    ]);
    await api.db.execute(sql`drop trigger refuse_bulk_test on customers`);
    const retried = await master.post(api.bulkRuns.retryFailed, { run_id: created.json.id }, {});
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ state: 'queued', failed: 0, done: 3 });
    expect(await untilFinished(api.db, created.json.id)).toMatchObject({ state: 'done', done: 4, failed: 0 });
    const audited = await auditedPerCustomer(api.db, created.json.id);
    expect(audited.get(String(broken))).toBe(1); // the failed attempt rolled back with its audit row; the retry's
    expect(audited.get(String(ids[0]))).toBe(1); // the others ran once, not again
    const again = await master.post(api.bulkRuns.retryFailed, { run_id: created.json.id }, {});
    expect(again.status).toBe(409);
  });

  it('a run stopped after its first batch goes on in a new worker: every customer exactly once', async () => {
    const { api } = t;
    const ids = await insertCustomers(api.db, 230, { country: 'BC', status: 'ACTIVE', tag: 'restart' });
    const master = await api.signIn('SUPPORT_MASTER');
    const created = await master.post(
      api.bulkRuns.create,
      {},
      {
        command: 'suspend',
        target: inCountry('BC'),
        params: suspendParams,
      },
    );
    const first = worker({ batchSize: 100, afterBatch: () => void first.stop() });
    first.start();
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (first.stopping) {
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    await first.stop();
    const halfway = await master.get(api.bulkRuns.get, { run_id: created.json.id }, {});
    expect(halfway.json.run).toMatchObject({ state: 'running', done: 100 });
    worker().start();
    expect(await untilFinished(api.db, created.json.id)).toMatchObject({ state: 'done', done: 230 });
    const audited = await auditedPerCustomer(api.db, created.json.id);
    expect(audited.size).toBe(230);
    expect([...audited.values()].every((count) => count === 1)).toBe(true);
    const bodies = await api.db.execute<{ request_body: unknown; rows: number }>(sql`
      select request_body, count(*)::int as rows from audit_log where request_id = ${`bulk_run-${created.json.id}`}
      group by request_body`);
    expect(bodies.rows).toEqual([{ request_body: suspendParams, rows: 230 }]);
    const rows = await api.db.select().from(customers).where(eq(customers.country, 'BC'));
    expect(
      rows
        .filter((row) => row.status === 'SUSPENDED')
        .map((row) => row.id)
        .sort((a, b) => a - b),
    ).toEqual(ids);
  });
});
