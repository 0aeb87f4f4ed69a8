import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type FinetuneHistoryAnswer, type ModelState, maxModelsListed } from '../../domain/profiles';
import type { Database } from '../db/client';
import { executePrepared } from '../db/prepared';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { finetuneHeaders } from './rows';

type HistoryRow = {
  profile_state: string;
  current_model_id: number | string | null;
  total: number | string;
  id: number | string | null;
  state: string | null;
  photos: number | null;
  created_at: string | null;
};

/**
 * A profile's models newest first (at most `maxModelsListed`): REVERT is offered on a finished model (READY or
 * DEPRECATED) that is not the current one, while the profile is not deleted. One statement: the profile, its newest
 * models (`models_profile_created` backwards) and their count; no transaction.
 */
async function finetuneHistory(db: Database, profileId: number): Promise<FinetuneHistoryAnswer> {
  const { rows } = await executePrepared<HistoryRow>(
    db,
    sql`
    select p.state as profile_state, p.current_model_id,
      (select count(*) from models c where c.profile_id = p.id) as total,
      m.id, m.state, m.photos, m.created_at::text as created_at
    from profiles p
    left join lateral (select id, state, photos, created_at from models where profile_id = p.id
      order by created_at desc, id desc limit ${maxModelsListed}) m on true
    where p.id = ${profileId}
    order by m.created_at desc, m.id desc`,
  );
  const profile = rows[0];
  if (!profile) throw fail('profile_not_found');
  const currentId = profile.current_model_id === null ? null : Number(profile.current_model_id);
  const revertible = profile.profile_state !== 'DELETED';
  return {
    headers: [...finetuneHeaders],
    rows: rows
      .filter((model) => model.id !== null)
      .map((model) => {
        const id = Number(model.id);
        const current = id === currentId;
        const finished = model.state === 'READY' || model.state === 'DEPRECATED';
        return {
          creation_date: isoTimestamp(String(model.created_at)),
          photos_in_model: Number(model.photos),
          model_id: id,
          state: model.state as ModelState,
          is_current: current,
          action: revertible && finished && !current ? ('REVERT' as const) : null,
        };
      }),
    meta: { max_models: maxModelsListed, total_number_of_models: Number(profile.total) },
  };
}

/** One implementation for both paths the spec names (`finetune_history` and `finetune-history`). */
export const finetuneHistoryHandlers = [
  handle(api.profiles.finetuneHistory, ({ db, params }) => finetuneHistory(db, params.profile_id), {
    transaction: false,
  }),
  handle(api.profiles.finetuneHistoryHyphenated, ({ db, params }) => finetuneHistory(db, params.profile_id), {
    transaction: false,
  }),
];
