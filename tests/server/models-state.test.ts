import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { modelTransitions, stateInWords, statesInWords } from '../../domain/model-states';
import { modelStates } from '../../domain/profiles';
import { models } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertModelWithEvidence } from './support/models';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('models: state machine, lock, concurrency', (backend) => {
  const t = useTestApi(backend);
  let master: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
  });
  const stateOf = async (id: number) => (await t.api.db.select().from(models).where(eq(models.id, id)))[0];

  it('allows exactly the documented moves and refuses the rest with 409 naming the allowed next states', async () => {
    for (const from of modelStates) {
      for (const to of modelStates) {
        const { model } = await insertModelWithEvidence(t.api.db, { states: [from], projects: 0 });
        const reason = to === 'FAIL' ? 'Inconsistent edits' : undefined;
        const result = await master.post(t.api.models.updateState, {}, { model_id: model.id, state: to, reason });
        if (modelTransitions[from].includes(to)) {
          expect(result.status, `${from} → ${to}`).toBe(200);
          expect(result.json.model.state).toBe(to);
        } else {
          expect(result.status, `${from} → ${to}`).toBe(409);
          expect(result.error.detail).toContain(
            `allowed next states: ${statesInWords(modelTransitions[from]) || 'none'}`,
          );
          expect((await stateOf(model.id))?.state).toBe(from);
        }
      }
    }
  });

  it('needs a reason for FAIL, clears it when re-queued, and refuses a state not in §4', async () => {
    const { model } = await insertModelWithEvidence(t.api.db, { states: ['PENDING_REVIEW'], projects: 0 });
    const bare = await master.post(t.api.models.updateState, {}, { model_id: model.id, state: 'FAIL' });
    expect(bare.status).toBe(400);
    expect(bare.error.field).toBe('reason');
    const failed = await master.post(
      t.api.models.updateState,
      {},
      { model_id: model.id, state: 'FAIL', reason: 'Too dark' },
    );
    expect((await stateOf(model.id))?.failReason).toBe('Too dark');
    expect(failed.status).toBe(200);
    await master.post(t.api.models.updateState, {}, { model_id: model.id, state: 'PENDING' });
    expect((await stateOf(model.id))?.failReason).toBeNull();
    const unknown = await master.post(
      t.api.models.updateState,
      {},
      { model_id: model.id, state: 'IN PROCESS' as never },
    );
    expect(unknown.status).toBe(400);
    expect((await master.post(t.api.models.updateState, {}, { model_id: 987654321, state: 'READY' })).status).toBe(404);
  });

  it('remembers the state a model was held from: its release goes back there (or to FAIL), nowhere else', async () => {
    for (const from of ['PENDING', 'PROCESSING', 'PENDING_REVIEW'] as const) {
      const { model } = await insertModelWithEvidence(t.api.db, { states: [from], projects: 0 });
      const held = await master.post(t.api.models.updateState, {}, { model_id: model.id, state: 'ON_HOLD' });
      expect(held.status).toBe(200);
      expect((await stateOf(model.id))?.heldFrom).toBe(from);
      const detail = await master.post(t.api.models.detail, { model_id: model.id }, {});
      expect(detail.json.model).toMatchObject({ state: 'ON_HOLD', held_from: from, next_states: [from, 'FAIL'] });
      for (const elsewhere of ['PENDING', 'PROCESSING', 'PENDING_REVIEW'].filter((state) => state !== from)) {
        const refused = await master.post(
          t.api.models.updateState,
          {},
          { model_id: model.id, state: elsewhere as typeof from },
        );
        expect(refused.status, `${from} held → ${elsewhere}`).toBe(409);
        const was = stateInWords(from);
        expect(refused.error.detail).toContain(`(it was held from ${was}); allowed next states: ${was} or failed`);
      }
      const released = await master.post(t.api.models.updateState, {}, { model_id: model.id, state: from });
      expect(released.status).toBe(200);
      expect(await stateOf(model.id)).toMatchObject({ state: from, heldFrom: null });
    }
    const { model } = await insertModelWithEvidence(t.api.db, { states: ['PENDING_REVIEW'], projects: 0 });
    await master.post(t.api.models.updateState, {}, { model_id: model.id, state: 'ON_HOLD' });
    const failed = await master.post(
      t.api.models.updateState,
      {},
      { model_id: model.id, state: 'FAIL', reason: 'Held too long: the customer asked to start over' },
    );
    expect(failed.status).toBe(200);
    expect(await stateOf(model.id)).toMatchObject({ state: 'FAIL', heldFrom: null });
  });

  it('refuses every change of a locked model with its lock message, until it is unlocked', async () => {
    const { model, projects } = await insertModelWithEvidence(t.api.db, { states: ['PENDING_REVIEW'], projects: 1 });
    const locked = await master.post(
      t.api.models.lock,
      { model_id: model.id },
      { message: 'Customer dispute, wait for support' },
    );
    expect(locked.status).toBe(200);
    expect(locked.json.model).toMatchObject({ locked: true, lock_message: 'Customer dispute, wait for support' });
    expect((await master.post(t.api.models.lock, { model_id: model.id }, { message: 'again please' })).status).toBe(
      409,
    );
    const change = await master.post(t.api.models.updateState, {}, { model_id: model.id, state: 'READY' });
    expect(change.status).toBe(409);
    expect(change.error.detail).toContain('Customer dispute, wait for support');
    const exclude = await master.post(t.api.models.excludeProject, {
      model_id: model.id,
      project_id: projects[0]?.id ?? 0,
    });
    expect(exclude.status).toBe(409);
    expect((await stateOf(model.id))?.state).toBe('PENDING_REVIEW');
    const unlocked = await master.post(t.api.models.unlock, { model_id: model.id });
    expect(unlocked.json.model.locked).toBe(false);
    expect((await master.post(t.api.models.unlock, { model_id: model.id })).status).toBe(409);
    expect((await master.post(t.api.models.updateState, {}, { model_id: model.id, state: 'READY' })).status).toBe(200);
  });

  it('lets one of two concurrent changes win; the other gets 409 (no lost update), and a stale version is 409', async () => {
    const { model } = await insertModelWithEvidence(t.api.db, { states: ['PENDING_REVIEW'], projects: 0 });
    const other = await t.api.signIn('ADMIN');
    const results = await Promise.all([
      master.post(t.api.models.updateState, {}, { model_id: model.id, state: 'READY' }),
      other.post(t.api.models.updateState, {}, { model_id: model.id, state: 'FAIL', reason: 'Banding' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const winner = results.find((result) => result.status === 200);
    expect((await stateOf(model.id))?.state).toBe(winner?.json.model.state);

    const fresh = await insertModelWithEvidence(t.api.db, { states: ['PROCESSING'], projects: 0 });
    const read = await master.post(t.api.models.detail, { model_id: fresh.model.id }, {});
    const version = read.json.model.last_updated_row;
    const first = await master.post(
      t.api.models.updateState,
      {},
      {
        model_id: fresh.model.id,
        state: 'ON_HOLD',
        last_updated_row: version,
      },
    );
    expect(first.status).toBe(200);
    const stale = await other.post(
      t.api.models.updateState,
      {},
      {
        model_id: fresh.model.id,
        state: 'PENDING',
        last_updated_row: version,
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.error.code).toBe('stale_version');
  });
});
