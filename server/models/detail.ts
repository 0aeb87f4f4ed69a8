import { desc, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { isFacetKey } from '../../domain/model-facets';
import { parameterByKey } from '../../domain/model-parameters';
import { nextModelStates } from '../../domain/model-states';
import type { ModelProject } from '../../domain/models';
import type { ModelState } from '../../domain/profiles';
import type { Database } from '../db/client';
import { runPrepared } from '../db/prepared';
import { customers, models, profileNotes, profiles } from '../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { modelType } from './rows';
import {
  checkSelection,
  facetCounts,
  facetValuesOf,
  isNarrowed,
  type PhotoSelection,
  selectionCondition,
} from './selection';
import { sidebarOf } from './sidebar';
import { bucketCounts, selectedOf, statisticsOf } from './statistics';

/** The selection as asked, keeping only known keys (so it can be counted before it is checked). */
function lenientSelection(
  body: { selection: Record<string, string[]>; parameters: Record<string, number[]> },
  excluded: number[],
) {
  const selection: PhotoSelection = { facets: {}, parameters: {}, excluded };
  for (const [key, values] of Object.entries(body.selection)) {
    if (isFacetKey(key) && values.length > 0) selection.facets[key] = values;
  }
  for (const [key, values] of Object.entries(body.parameters)) {
    if (parameterByKey(key) && values.length > 0) selection.parameters[key] = values;
  }
  return selection;
}

/** The model's training projects, each with its photos under the selection (exclusion aside: it is shown). */
async function projectsOf(db: Database, modelId: number, selection: PhotoSelection): Promise<ModelProject[]> {
  const condition = selectionCondition(selection, { withExcluded: true });
  const result = await db.execute<{
    id: number;
    name: string;
    uploaded_at: string;
    photos_total: number;
    photos_done: number;
    is_excluded: boolean;
    selected: number;
  }>(sql`
    select mp.id::float8 as id, mp.name, mp.uploaded_at::text, mp.photos_total, mp.photos_done, mp.is_excluded,
      (select count(*) from model_photos p
        where p.model_project_id = mp.id and p.model_id = mp.model_id
          and ${condition})::int as selected
    from model_projects mp where mp.model_id = ${modelId}
    order by mp.uploaded_at, mp.id`);
  const narrowed = isNarrowed(selection);
  return result.rows
    .map((row) => ({
      id: Number(row.id),
      name: row.name,
      type: 'TRAIN' as const,
      upload_date: isoTimestamp(row.uploaded_at),
      number_of_photos: { done: Number(row.photos_done), total: Number(row.photos_total) },
      selected_photos: Number(row.selected),
      is_excluded: row.is_excluded,
    }))
    .filter((project) => !narrowed || project.selected_photos > 0);
}

/**
 * The model with what the page shows beside it, in one statement: its profile's name, its owner's e-mail, its
 * excluded training projects, and its profile's models oldest first (for its position and `[` / `]`).
 */
async function modelWithContext(db: Database, modelId: number) {
  const [found] = await runPrepared(
    db
      .select({
        model: models,
        profileName: profiles.name,
        email: customers.email,
        excluded: sql<number[]>`array(select mp.id::float8 from model_projects mp
          where mp.model_id = ${models.id} and mp.is_excluded order by mp.id)`,
        siblings: sql<number[]>`array(select s.id::float8 from models s
          where s.profile_id = ${models.profileId} order by s.created_at, s.id)`,
      })
      .from(models)
      .innerJoin(profiles, eq(profiles.id, models.profileId))
      .innerJoin(customers, eq(customers.id, models.customerId))
      .where(eq(models.id, modelId)),
  );
  if (!found) throw fail('unknown_model');
  const siblingIds = found.siblings.map(Number);
  const index = siblingIds.indexOf(found.model.id);
  const pagination = {
    total_models: siblingIds.length,
    current_model: index + 1,
    previous_model_id: index > 0 ? (siblingIds[index - 1] ?? null) : null,
    next_model_id: siblingIds[index + 1] ?? null,
  };
  return { ...found, excluded: found.excluded.map(Number), pagination };
}

/**
 * POST models/model_management/{id}: a read without a transaction. The model and its context first (one
 * statement), then side by side the facet counts, the histograms, the training projects and the notes; the selection
 * is checked against the facet counts afterwards (a 400 then; the other reads were wasted, nothing was changed).
 */
export const modelDetail = handle(
  api.models.detail,
  async ({ db, params, body }) => {
    const { model, profileName, email, excluded, pagination } = await modelWithContext(db, params.model_id);
    const requested = lenientSelection(body, excluded);
    const [counts, buckets, projects, notes] = await Promise.all([
      facetCounts(db, model.id, requested),
      bucketCounts(db, model.id, requested),
      projectsOf(db, model.id, requested),
      runPrepared(
        db
          .select()
          .from(profileNotes)
          .where(eq(profileNotes.profileId, model.profileId))
          .orderBy(desc(profileNotes.createdAt), desc(profileNotes.id))
          .limit(100),
      ),
    ]);
    const selection = checkSelection(body, facetValuesOf(counts), excluded);
    const totalPhotos = counts
      .filter((count) => count.key === 'model-type')
      .reduce((sum, count) => sum + count.photos, 0);
    return {
      model: {
        id: model.id,
        user_id: model.customerId,
        profile_id: model.profileId,
        profile_name: profileName,
        name: model.name,
        state: model.state as ModelState,
        type: modelType(model.type),
        fail_reason: model.failReason,
        is_automated: model.isAutomated,
        tags: model.tags,
        user_email: email,
        created_at: isoTimestamp(model.createdAt),
        date_started_the_process: isoTimestampOrNull(model.startedAt),
        last_updated_row: isoTimestamp(model.lastUpdatedRow),
        next_states: [...nextModelStates(model.state as ModelState, (model.heldFrom ?? null) as ModelState | null)],
        held_from: (model.heldFrom ?? null) as ModelState | null,
      },
      profile_notes: notes.map((note) => ({
        id: note.id,
        body: note.body,
        author: note.author,
        model_id: note.modelId,
        date: isoTimestamp(note.createdAt),
      })),
      total_photos: totalPhotos,
      selected_photos: selectedOf(buckets),
      model_pagination: pagination,
      lock: { is_locked: model.locked, lock_message: model.lockMessage },
      sidebar: sidebarOf(counts, selection),
      projects,
      statistics: statisticsOf(buckets, selection),
    };
  },
  { transaction: false },
);
