import { eq, sql } from 'drizzle-orm';
import { type PipelineCallback, pipelineModelMoves, pipelineProjectMoves } from '../../../domain/integrations/pipeline';
import type { Database } from '../../db/client';
import { models, projects } from '../../db/schema';
import { fail } from '../../http/errors';
import { followProfile } from '../../models/state';

/** What an applied event changed, for its audit row. */
export interface AppliedEvent {
  targetKind: 'project' | 'model';
  targetId: number;
  detail: string;
}

const refused = (detail: string) => fail('integration_transition_refused', { detail });

async function applyToProject(
  db: Database,
  event: Extract<PipelineCallback, { type: `project.${string}` }>,
): Promise<AppliedEvent> {
  const [project] = await db.select().from(projects).where(eq(projects.id, event.project_id)).for('update');
  if (!project) throw fail('project_not_found', { detail: `No project #${event.project_id}` });
  const move = pipelineProjectMoves[event.type];
  if (!(move.from as readonly string[]).includes(project.status)) {
    throw refused(`Project #${project.id} is ${project.status}: ${event.type} needs ${move.from.join(' or ')}`);
  }
  const ready = event.type === 'project.ready';
  await db
    .update(projects)
    .set({
      status: move.to,
      ...(ready ? { editsSent: event.edits_sent, sentFinalEditAt: sql`now()` } : {}),
      ...(ready && event.images !== undefined ? { imagesSent: event.images } : {}),
      lastUpdatedRow: sql`now()`,
    })
    .where(eq(projects.id, project.id));
  const counts = ready ? ` (${event.edits_sent} edits sent)` : '';
  const why = event.type === 'project.failed' ? `: ${event.reason}` : '';
  return {
    targetKind: 'project',
    targetId: project.id,
    detail: `Pipeline: project ${project.status} → ${move.to}${counts}${why}`,
  };
}

async function applyToModel(
  db: Database,
  event: Extract<PipelineCallback, { type: `model.${string}` }>,
): Promise<AppliedEvent> {
  const [model] = await db.select().from(models).where(eq(models.id, event.model_id)).for('update');
  if (!model) throw fail('unknown_model', { detail: `No model #${event.model_id}` });
  const move = pipelineModelMoves[event.type];
  if (model.locked) throw refused(`Model #${model.id} is locked: ${model.lockMessage ?? 'no message'}`);
  if (!(move.from as readonly string[]).includes(model.state)) {
    throw refused(`Model #${model.id} is ${model.state}: ${event.type} needs ${move.from.join(' or ')}`);
  }
  const photos = event.type === 'model.processing' ? undefined : event.photos;
  await db
    .update(models)
    .set({
      state: move.to,
      failReason: event.type === 'model.failed' ? event.fail_reason : null,
      startedAt: sql`coalesce(${models.startedAt}, now())`,
      ...(photos !== undefined ? { photos } : {}),
      ...(event.type === 'model.ready' && event.projects !== undefined ? { projects: event.projects } : {}),
      lastUpdatedRow: sql`now()`,
    })
    .where(eq(models.id, model.id));
  // A READY model is the one its profile edits with from now on (the finetune history's current model).
  if (move.to === 'READY') await followProfile(db, model, 'READY');
  const why = event.type === 'model.failed' ? `: ${event.fail_reason}` : '';
  return { targetKind: 'model', targetId: model.id, detail: `Pipeline: model ${model.state} → ${move.to}${why}` };
}

/** Applies one inbound event in `db`'s transaction, or throws (4xx) leaving everything as it was. */
export function applyPipelineCallback(db: Database, event: PipelineCallback): Promise<AppliedEvent> {
  switch (event.type) {
    case 'project.processing':
    case 'project.ready':
    case 'project.failed':
      return applyToProject(db, event);
    case 'model.processing':
    case 'model.ready':
    case 'model.failed':
      return applyToModel(db, event);
  }
}
