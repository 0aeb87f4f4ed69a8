import { sql } from 'drizzle-orm';
import { refusalOf } from '../../domain/labels';
import { type ModelQuickAction, type ModelRow, modelTypeColors } from '../../domain/models';
import type { Permission } from '../../domain/permissions';
import type { ModelState, ProfileFormat } from '../../domain/profiles';
import type { QuickAction } from '../../domain/tables';
import type { Database } from '../db/client';
import type { models } from '../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';
import { fail } from '../http/errors';

export type ModelRecord = typeof models.$inferSelect;

/** The model's type as the list and the detail show it. */
export function modelType(format: ProfileFormat) {
  return { value: format, label: format, color: modelTypeColors[format] };
}

/** The list's row actions: state and lock changes need manage_models (disabled with the reason otherwise). */
export function modelQuickActions(
  model: Pick<ModelRecord, 'locked' | 'state' | 'lockMessage'>,
  can: (p: Permission) => boolean,
) {
  const manage = can('manage_models');
  const action = (name: ModelQuickAction, disabledBecause: string | null): QuickAction => ({
    name,
    is_disabled: disabledBecause !== null,
    disable_message: disabledBecause,
  });
  const lockReason = model.locked ? `Locked: ${model.lockMessage ?? ''}`.trim() : null;
  const final = model.state === 'DEPRECATED' ? 'A deprecated model does not change state' : null;
  return [
    action('CHANGE_STATE', manage ? (lockReason ?? final) : refusalOf('manage_models')),
    model.locked
      ? action('UNLOCK_MODEL', manage ? null : refusalOf('manage_models'))
      : action('LOCK_MODEL', manage ? null : refusalOf('manage_models')),
    action('OPEN_PROFILE', null),
    action('OPEN_CUSTOMER', null),
  ];
}

/** A model as a list row, with its profile's name and its owner's e-mail. */
export function modelRow(
  model: ModelRecord,
  owner: { profileName: string; email: string },
  can: (p: Permission) => boolean,
): ModelRow {
  return {
    id: model.id,
    user_id: model.customerId,
    user_email: owner.email,
    profile_name: owner.profileName,
    profile_id: model.profileId,
    name: model.name,
    date_started_the_process: isoTimestampOrNull(model.startedAt),
    created_at: isoTimestamp(model.createdAt),
    total_number_of_projects: model.projects,
    total_number_of_photos: model.photos,
    state: model.state as ModelState,
    locked: model.locked,
    lock_message: model.lockMessage,
    type: modelType(model.type),
    type_value: model.type,
    last_updated_row: isoTimestamp(model.lastUpdatedRow),
    quick_actions: modelQuickActions(model, can),
  };
}

/** Profile names and owner e-mails of some models, by model id. */
export async function ownersOf(db: Database, ids: readonly number[]) {
  const owners = new Map<number, { profileName: string; email: string }>();
  if (ids.length === 0) return owners;
  const result = await db.execute<{ id: number; profile_name: string; email: string }>(sql`
    select m.id::float8 as id, p.name as profile_name, c.email
    from models m join profiles p on p.id = m.profile_id join customers c on c.id = m.customer_id
    where m.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  for (const row of result.rows) owners.set(Number(row.id), { profileName: row.profile_name, email: row.email });
  return owners;
}

/** The model row as the list shows it now, for a change's answer. */
export async function currentRow(db: Database, model: ModelRecord, can: (p: Permission) => boolean) {
  const owner = (await ownersOf(db, [model.id])).get(model.id);
  if (!owner) throw fail('unknown_model');
  return modelRow(model, owner, can);
}
