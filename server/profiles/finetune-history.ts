import { count, desc, eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type FinetuneHistoryAnswer, maxModelsListed } from '../../domain/profiles';
import type { Database } from '../db/client';
import { models, profiles } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { finetuneHeaders } from './rows';

/**
 * A profile's models newest first (at most `maxModelsListed`): REVERT is offered on a finished model (READY or
 * DEPRECATED) that is not the current one, while the profile is not deleted.
 */
async function finetuneHistory(db: Database, profileId: number): Promise<FinetuneHistoryAnswer> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  if (!profile) throw fail('profile_not_found');
  const rows = await db
    .select()
    .from(models)
    .where(eq(models.profileId, profile.id))
    .orderBy(desc(models.createdAt), desc(models.id))
    .limit(maxModelsListed);
  const [total] = await db.select({ n: count() }).from(models).where(eq(models.profileId, profile.id));
  const revertible = profile.state !== 'DELETED';
  return {
    headers: [...finetuneHeaders],
    rows: rows.map((model) => {
      const current = model.id === profile.currentModelId;
      const finished = model.state === 'READY' || model.state === 'DEPRECATED';
      return {
        creation_date: isoTimestamp(model.createdAt),
        photos_in_model: model.photos,
        model_id: model.id,
        state: model.state,
        is_current: current,
        action: revertible && finished && !current ? ('REVERT' as const) : null,
      };
    }),
    meta: { max_models: maxModelsListed, total_number_of_models: total?.n ?? 0 },
  };
}

/** One implementation for both paths the spec names (`finetune_history` and `finetune-history`). */
export const finetuneHistoryHandlers = [
  handle(api.profiles.finetuneHistory, ({ db, params }) => finetuneHistory(db, params.profile_id)),
  handle(api.profiles.finetuneHistoryHyphenated, ({ db, params }) => finetuneHistory(db, params.profile_id)),
];
