import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { canMoveModel, refusedMoveMessage } from '../../domain/model-states';
import type { ModelState } from '../../domain/profiles';
import type { Database } from '../db/client';
import { models, profiles } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle, type StaffMember } from '../http/handler';
import { queuePipelineEvent } from '../integrations/pipeline/outbox';
import { noteForUndo } from '../undo/note';
import { recordStaffAction } from '../users/customer-records';
import { currentRow, type ModelRecord } from './rows';

/** The model, locked for this transaction (changes to one model go one at a time), or 404. */
export async function lockModel(db: Database, id: number): Promise<ModelRecord> {
  const [model] = await db.select().from(models).where(eq(models.id, id)).for('update');
  if (!model) throw fail('unknown_model');
  return model;
}

/** A locked model refuses every change but unlock, with its lock message. */
export function refuseIfLocked(model: ModelRecord): void {
  if (model.locked) {
    throw fail('model_locked', {
      detail: `This model is locked: ${model.lockMessage ?? 'no message'}. Unlock it first`,
    });
  }
}

/**
 * The models a change would touch besides the one asked for (e.g. the READY model a revert or a move to READY
 * deprecates), locked in id order; a locked one refuses the whole change, naming it.
 */
export async function refuseIfAnyLocked(db: Database, where: SQL | undefined): Promise<void> {
  const touched = await db.select().from(models).where(where).orderBy(asc(models.id)).for('update');
  const locked = touched.find((model) => model.locked);
  if (locked) {
    throw fail('model_locked', {
      detail: `Model ${locked.name} (#${locked.id}) is locked: ${locked.lockMessage ?? 'no message'}. Unlock it first`,
    });
  }
}

export function modelTimeline(db: Database, model: ModelRecord, staff: StaffMember, event: string) {
  return recordStaffAction(db, model.customerId, staff, event, [
    { label: 'Model', value: `${model.name} (#${model.id})` },
  ]);
}

/**
 * What a state change does to the profile: a READY model is the one the profile edits with (the one it used before
 * is DEPRECATED, a draft profile becomes READY); retiring the profile's current model leaves it without one (DRAFT).
 */
export async function followProfile(db: Database, model: ModelRecord, to: ModelState): Promise<void> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, model.profileId)).for('update');
  if (!profile) return;
  if (to === 'READY') {
    await refuseIfAnyLocked(
      db,
      and(eq(models.profileId, profile.id), eq(models.state, 'READY'), ne(models.id, model.id)),
    );
    await db
      .update(models)
      .set({ state: 'DEPRECATED', lastUpdatedRow: sql`now()` })
      .where(and(eq(models.profileId, profile.id), eq(models.state, 'READY'), ne(models.id, model.id)));
    await db
      .update(profiles)
      .set({
        currentModelId: model.id,
        state: profile.state === 'DRAFT' ? 'READY' : profile.state,
        lastUpdatedRow: sql`now()`,
      })
      .where(eq(profiles.id, profile.id));
  } else if (to === 'DEPRECATED' && profile.currentModelId === model.id) {
    await db
      .update(profiles)
      .set({
        currentModelId: null,
        state: profile.state === 'READY' ? 'DRAFT' : profile.state,
        lastUpdatedRow: sql`now()`,
      })
      .where(eq(profiles.id, profile.id));
  }
}

/**
 * POST models/update_state: one move of the state machine (domain/model-states.ts); putting a model ON_HOLD records
 * the state it was held from, which its release must go back to. The row is locked first, so of
 * two concurrent changes the second sees the first's result: a move no longer allowed, or a stale
 * `last_updated_row`, is a 409 (no lost update).
 */
export const updateModelState = handle(api.models.updateState, async ({ db, body, can, staff, request }) => {
  const model = await lockModel(db, body.model_id);
  noteForUndo(request, { undo: { state: model.state, fail_reason: model.failReason } });
  if (body.last_updated_row !== undefined && body.last_updated_row !== isoTimestamp(model.lastUpdatedRow)) {
    throw fail('stale_version');
  }
  refuseIfLocked(model);
  const from = model.state as ModelState;
  const heldFrom = (model.heldFrom ?? null) as ModelState | null;
  if (!canMoveModel(from, body.state, heldFrom)) {
    throw fail('model_state_refused', { detail: refusedMoveMessage(from, body.state, heldFrom), field: 'state' });
  }
  const reason = body.reason?.trim() ?? '';
  if (body.state === 'FAIL' && reason.length === 0) throw fail('model_fail_needs_reason', { field: 'reason' });
  const [changed] = await db
    .update(models)
    .set({
      state: body.state,
      failReason: body.state === 'FAIL' ? reason : null,
      heldFrom: body.state === 'ON_HOLD' ? from : null,
      startedAt: body.state === 'PROCESSING' && model.startedAt === null ? sql`now()` : model.startedAt,
      lastUpdatedRow: sql`now()`,
    })
    .where(eq(models.id, model.id))
    .returning();
  await followProfile(db, model, body.state);
  // Back to PENDING (from FAIL, or released from a hold before training): the pipeline is asked to train it again.
  if (body.state === 'PENDING') {
    await queuePipelineEvent(db, 'model.finetune', {
      customer_id: model.customerId,
      profile_id: model.profileId,
      model_id: model.id,
      reason: reason || undefined,
      photos: model.photos,
    });
  }
  const why = reason ? `: ${reason}` : '';
  await modelTimeline(db, model, staff, `Model ${from} → ${body.state}${why}`);
  return { model: await currentRow(db, changed ?? model, can) };
});
