import { and, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { Database } from '../db/client';
import { modelProjects, models, profileNotes } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { noteForUndo } from '../undo/note';
import { currentRow } from './rows';
import { lockModel, modelTimeline, refuseIfLocked } from './state';

export const lockModelCall = handle(api.models.lock, async ({ db, params, body, can, staff }) => {
  const model = await lockModel(db, params.model_id);
  if (model.locked)
    throw fail('model_already_locked', { detail: `This model is locked already: ${model.lockMessage ?? ''}` });
  const [changed] = await db
    .update(models)
    .set({ locked: true, lockMessage: body.message, lastUpdatedRow: sql`now()` })
    .where(eq(models.id, model.id))
    .returning();
  await modelTimeline(db, model, staff, `Model locked: ${body.message}`);
  return { model: await currentRow(db, changed ?? model, can) };
});

export const unlockModelCall = handle(api.models.unlock, async ({ db, params, can, staff, request }) => {
  const model = await lockModel(db, params.model_id);
  if (!model.locked) throw fail('model_not_locked');
  noteForUndo(request, { undo: { message: model.lockMessage } });
  const [changed] = await db
    .update(models)
    .set({ locked: false, lockMessage: null, lastUpdatedRow: sql`now()` })
    .where(eq(models.id, model.id))
    .returning();
  await modelTimeline(db, model, staff, 'Model unlocked');
  return { model: await currentRow(db, changed ?? model, can) };
});

/** Sets a training project's exclusion; the model must be unlocked and the project must change. */
async function setExcluded(db: Database, modelId: number, projectId: number, excluded: boolean) {
  const model = await lockModel(db, modelId);
  refuseIfLocked(model);
  const [project] = await db
    .select()
    .from(modelProjects)
    .where(and(eq(modelProjects.id, projectId), eq(modelProjects.modelId, model.id)));
  if (!project) throw fail('model_project_not_found');
  if (project.isExcluded === excluded) {
    throw fail('model_project_unchanged', {
      detail: `This training project is ${excluded ? 'excluded' : 'included'} already`,
    });
  }
  const [changed] = await db
    .update(modelProjects)
    .set({ isExcluded: excluded, lastUpdatedRow: sql`now()` })
    .where(eq(modelProjects.id, project.id))
    .returning();
  await db.update(models).set({ lastUpdatedRow: sql`now()` }).where(eq(models.id, model.id));
  const row = changed ?? project;
  const [counted] = await db
    .execute<{ n: number }>(sql`select count(*)::int as n from model_photos where model_project_id = ${row.id}`)
    .then((result) => result.rows);
  return {
    model,
    project: {
      id: row.id,
      name: row.name,
      type: 'TRAIN' as const,
      upload_date: isoTimestamp(row.uploadedAt),
      number_of_photos: { done: row.photosDone, total: row.photosTotal },
      selected_photos: Number(counted?.n ?? 0),
      is_excluded: row.isExcluded,
    },
  };
}

export const excludeProject = handle(api.models.excludeProject, async ({ db, params, staff }) => {
  const { model, project } = await setExcluded(db, params.model_id, params.project_id, true);
  await modelTimeline(db, model, staff, `Training project excluded: ${project.name} (#${project.id})`);
  return { project };
});

export const includeProject = handle(api.models.includeProject, async ({ db, params, staff }) => {
  const { model, project } = await setExcluded(db, params.model_id, params.project_id, false);
  await modelTimeline(db, model, staff, `Training project included: ${project.name} (#${project.id})`);
  return { project };
});

/** A profile note, written on one of its models; allowed on a locked model too (a note changes nothing). */
export const addProfileNote = handle(api.models.addNote, async ({ db, params, body, staff }) => {
  const [model] = await db.select().from(models).where(eq(models.id, params.model_id));
  if (!model) throw fail('unknown_model');
  const author = `${staff.firstName} ${staff.lastName}`.trim() || staff.email;
  const [note] = await db
    .insert(profileNotes)
    .values({ profileId: model.profileId, modelId: model.id, staffId: staff.id, author, body: body.body })
    .returning();
  if (!note) throw fail('internal');
  return {
    note: {
      id: note.id,
      body: note.body,
      author: note.author,
      model_id: note.modelId,
      date: isoTimestamp(note.createdAt),
    },
  };
});
