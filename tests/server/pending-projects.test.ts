import { beforeAll, expect, it } from 'vitest';
import { pendingKinds } from '../../domain/pending-projects';
import { waitingTotal } from '../../server/projects/pending';
import { exactCountLimit } from '../../server/tables/count';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertModels, insertProfile, insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('pending projects: the queue of waiting work, oldest first', (backend) => {
  const t = useTestApi(backend);
  let pl1: Client;
  let marketer: Client;
  beforeAll(async () => {
    pl1 = await t.api.signIn('SUPPORT_PL1');
    marketer = await t.api.signIn('MARKETER_PLUS');
  });

  const ofCustomer = (id: number) => ({ kind: 'number' as const, column: 'user_id', op: 'eq' as const, value: id });

  /** A customer with a profile, waiting work of each kind, and delivered work that is not in the queue. */
  async function customerWithWork() {
    const customer = await insertCustomer(t.api.db, { firstName: 'Ada', lastName: 'Queue' });
    const profile = await insertProfile(t.api.db, customer.id, { name: 'Moody Film' });
    const edit = await insertProject(t.api.db, customer.id, {
      name: 'Oldest wedding',
      status: 'UPLOADED',
      profileId: profile.id,
      createdAt: '2026-02-01T09:00:00Z',
    });
    const video = await insertProject(t.api.db, customer.id, {
      kind: 'VIDEO',
      projectType: null,
      durationMinutes: 4,
      numberOfClips: 2,
      name: 'Reel',
      status: 'PROCESSING',
      createdAt: '2026-02-03T09:00:00Z',
    });
    await insertProject(t.api.db, customer.id, { name: 'Delivered', status: 'READY', createdAt: '2026-01-01T00:00Z' });
    const [, model] = await insertModels(t.api.db, profile, ['READY', 'PENDING']);
    return { customer, profile, edit, video, model };
  }

  it('lists projects not delivered and models waiting for training, oldest first, with customer, profile and reason', async () => {
    const { customer, profile, edit, video, model } = await customerWithWork();
    const answer = await pl1.post(t.api.projects.pending, undefined, { filters: [ofCustomer(customer.id)] });
    expect(answer.status).toBe(200);
    expect(answer.json.meta.total_number_of_pending).toBe(3);
    expect(answer.json.meta.sort).toEqual({ column: 'waiting_since', direction: 'asc' });
    expect(answer.json.rows.map((row) => row.id)).toEqual([
      `model-${model?.id}`,
      `project-${edit.id}`,
      `project-${video.id}`,
    ]);
    expect(answer.json.rows[1]).toMatchObject({
      record: 'project',
      record_id: edit.id,
      kind: 'EDITING',
      name: 'Oldest wedding',
      status: 'UPLOADED',
      waiting_since: '2026-02-01T09:00:00.000Z',
      user_id: customer.id,
      customer: 'Ada Queue',
      profile_id: profile.id,
      profile_name: 'Moody Film',
      reason: 'Uploaded: waits to be edited',
      quick_actions: [{ name: 'RE_EDIT', is_disabled: true, disable_message: 'The project is in the queue already' }],
    });
    expect(answer.json.rows[0]).toMatchObject({ kind: 'MODEL', status: 'PENDING', record: 'model' });
    expect(answer.json.rows[1]?.last_updated_row).toBeNull();
    expect(answer.json.rows[0]?.age_hours).toBeGreaterThan(24);
    expect(answer.json.headers.map((header) => header.key)).toContain('reason');
  });

  it('filters by kind and status, sorts newest first on request, and pages by cursor', async () => {
    const { customer, edit, video } = await customerWithWork();
    const mine = ofCustomer(customer.id);
    const projectsOnly = await pl1.post(t.api.projects.pending, undefined, {
      filters: [mine, { kind: 'multi', column: 'kind', op: 'equal', value: ['EDITING', 'VIDEO'] }],
      sort: { column: 'waiting_since', direction: 'desc' },
    });
    expect(projectsOnly.status, JSON.stringify(projectsOnly.json)).toBe(200);
    expect(projectsOnly.json.rows.map((row) => row.record_id)).toEqual([video.id, edit.id]);
    const processing = await pl1.post(t.api.projects.pending, undefined, {
      filters: [mine, { kind: 'multi', column: 'status', op: 'equal', value: ['PROCESSING'] }],
    });
    expect(processing.json.rows.map((row) => row.name)).toEqual(['Reel']);
    const first = await pl1.post(t.api.projects.pending, undefined, { filters: [mine], page_size: 2 });
    expect(first.json.rows).toHaveLength(2);
    const second = await pl1.post(t.api.projects.pending, undefined, {
      filters: [mine],
      page_size: 2,
      cursor: first.json.meta.next_cursor,
    });
    expect(second.json.rows.map((row) => row.record_id)).toEqual([video.id]);
    expect(second.json.meta.next_cursor).toBeNull();
    const unknown = await pl1.post(t.api.projects.pending, undefined, {
      filters: [{ kind: 'multi', column: 'kind', op: 'equal', value: ['LAUNDRY'] }],
    });
    expect(unknown.status).toBe(400);
  });

  it('the unfiltered queue (read branch by branch from the indexes) pages exactly like the filtered one', async () => {
    await customerWithWork();
    await customerWithWork();
    const everything = { kind: 'multi' as const, column: 'kind', op: 'equal' as const, value: [...pendingKinds] };
    for (const direction of ['asc', 'desc'] as const) {
      const totals = new Set<number>();
      const walk = async (filters: (typeof everything)[]) => {
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const page: {
            status: number;
            json: { rows: { id: string }[]; meta: { next_cursor: string | null; total_number_of_pending: number } };
          } = await pl1.post(t.api.projects.pending, undefined, {
            filters,
            sort: { column: 'waiting_since', direction },
            page_size: 3,
            ...(cursor ? { cursor } : {}),
          });
          expect(page.status).toBe(200);
          ids.push(...page.json.rows.map((row) => row.id));
          totals.add(page.json.meta.total_number_of_pending);
          cursor = page.json.meta.next_cursor;
        } while (cursor);
        return ids;
      };
      const fast = await walk([]);
      expect(fast.length).toBeGreaterThanOrEqual(6);
      expect(fast).toEqual(await walk([everything]));
      // Every page, first or reached by cursor, fast or filtered, tells the same total.
      expect([...totals]).toHaveLength(1);
    }
    const unfiltered = await pl1.post(t.api.projects.pending, undefined, {});
    const filtered = await pl1.post(t.api.projects.pending, undefined, { filters: [everything] });
    expect(unfiltered.json.meta.total_number_of_pending).toBe(filtered.json.meta.total_number_of_pending);
  });

  it('totals a branch past the exact-count limit from its index size, never below the limit', () => {
    const counts = { projects_counted: 12, models_counted: 7, projects_estimate: 30, models_estimate: 2 };
    expect(waitingTotal(counts)).toEqual({ total: 19, estimate: false });
    const big = exactCountLimit + 1;
    expect(waitingTotal({ ...counts, projects_counted: big, projects_estimate: 81_234.4 })).toEqual({
      total: 81_234 + 7,
      estimate: true,
    });
    // Never analyzed (reltuples -1) or stale below what was counted: the limit + 1 stands.
    expect(waitingTotal({ ...counts, models_counted: big, models_estimate: -1 })).toEqual({
      total: 12 + big,
      estimate: true,
    });
  });

  it('answers every role (user_details_read); re-edit says who may for a role without it', async () => {
    const { customer } = await customerWithWork();
    const answer = await marketer.post(t.api.projects.pending, undefined, { filters: [ofCustomer(customer.id)] });
    expect(answer.status).toBe(200);
    const editing = answer.json.rows.find((row) => row.kind === 'EDITING');
    expect(editing?.quick_actions).toEqual([
      { name: 'RE_EDIT', is_disabled: true, disable_message: 'Only admins and support agents may re-edit projects' },
    ]);
    const model = answer.json.rows.find((row) => row.kind === 'MODEL');
    expect(model?.quick_actions.find((action) => action.name === 'CHANGE_STATE')).toEqual({
      name: 'CHANGE_STATE',
      is_disabled: true,
      disable_message: 'Only admins and support agents may change models',
    });
    expect((await pl1.post(t.api.projects.pending, undefined, {})).status).toBe(200);
  });

  /** The queue's row of a model and the Models list's row of it, as a role reads them. */
  async function bothRows(client: Client, customerId: number, modelId: number) {
    const queue = await client.post(t.api.projects.pending, undefined, { filters: [ofCustomer(customerId)] });
    expect(queue.status).toBe(200);
    const list = await client.post(
      t.api.models.list,
      {},
      { filters: [{ kind: 'number', column: 'id', op: 'eq', value: modelId }] },
    );
    return { pending: queue.json.rows.find((row) => row.id === `model-${modelId}`), listed: list.json.models[0] };
  }

  it('a model row carries the Models list’s quick actions and version, which its commands run with', async () => {
    const { customer, model } = await customerWithWork();
    if (!model) throw new Error('no pending model');
    const { pending, listed } = await bothRows(pl1, customer.id, model.id);
    expect(pending?.quick_actions).toEqual([
      { name: 'CHANGE_STATE', is_disabled: false, disable_message: null },
      { name: 'LOCK_MODEL', is_disabled: false, disable_message: null },
      { name: 'OPEN_PROFILE', is_disabled: false, disable_message: null },
      { name: 'OPEN_CUSTOMER', is_disabled: false, disable_message: null },
    ]);
    expect(pending?.quick_actions).toEqual(listed?.quick_actions);
    expect(pending?.last_updated_row).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(pending?.last_updated_row).toBe(listed?.last_updated_row);
    // The version read in the queue is the one the state change checks: the change passes and the row leaves.
    const held = await pl1.post(
      t.api.models.updateState,
      {},
      {
        model_id: model.id,
        state: 'ON_HOLD',
        last_updated_row: pending?.last_updated_row ?? undefined,
      },
    );
    expect(held.status, JSON.stringify(held.json)).toBe(200);
    const after = await pl1.post(t.api.projects.pending, undefined, { filters: [ofCustomer(customer.id)] });
    expect(after.json.rows.map((row) => row.id)).not.toContain(`model-${model.id}`);
  });

  it('a model row’s actions are disabled with the Models list’s reasons: no manage_models, or locked', async () => {
    const { customer, model } = await customerWithWork();
    if (!model) throw new Error('no pending model');
    const partners = await t.api.signIn('PARTNERS_MANAGER');
    const { pending, listed } = await bothRows(partners, customer.id, model.id);
    expect(pending?.quick_actions.slice(0, 2)).toEqual([
      { name: 'CHANGE_STATE', is_disabled: true, disable_message: 'Only admins and support agents may change models' },
      { name: 'LOCK_MODEL', is_disabled: true, disable_message: 'Only admins and support agents may change models' },
    ]);
    expect(pending?.quick_actions).toEqual(listed?.quick_actions);
    const before = pending?.last_updated_row;
    const master = await t.api.signIn('SUPPORT_MASTER');
    const locked = await master.post(t.api.models.lock, { model_id: model.id }, { message: 'Customer dispute' });
    expect(locked.status).toBe(200);
    const { pending: lockedRow, listed: lockedListed } = await bothRows(pl1, customer.id, model.id);
    expect(lockedRow?.quick_actions.slice(0, 2)).toEqual([
      { name: 'CHANGE_STATE', is_disabled: true, disable_message: 'Locked: Customer dispute' },
      { name: 'UNLOCK_MODEL', is_disabled: false, disable_message: null },
    ]);
    expect(lockedRow?.quick_actions).toEqual(lockedListed?.quick_actions);
    // The lock moved the version: the one read before it is refused, nothing changes.
    expect(lockedRow?.last_updated_row).not.toBe(before);
    const unlocked = await master.post(t.api.models.unlock, { model_id: model.id });
    expect(unlocked.status).toBe(200);
    const late = await pl1.post(
      t.api.models.updateState,
      {},
      {
        model_id: model.id,
        state: 'ON_HOLD',
        last_updated_row: before ?? undefined,
      },
    );
    expect(late.status).toBe(409);
    const still = await pl1.post(t.api.projects.pending, undefined, { filters: [ofCustomer(customer.id)] });
    expect(still.json.rows.map((row) => row.id)).toContain(`model-${model.id}`);
  });
});
