import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { detailListLimit } from '../../domain/user-details';
import type { Database } from '../db/client';
import { executePrepared } from '../db/prepared';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { type ProfileRecord, profileHeaders, profileRow, trainedModelStates, trainingModelStates } from './rows';

const states = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The profiles a customer sees: their own, then the ones shared with them, oldest first, with what is derived from
 * projects and models (one index lookup per profile and count; a customer has about a hundred at most), and the
 * customer's profile limit — in one statement (the customer row left-joined to the list): `null` when there is no
 * such customer.
 */
export async function customerProfiles(
  db: Database,
  customerId: number,
): Promise<{ profilesMax: number; records: ProfileRecord[] } | null> {
  const { rows } = await executePrepared<Record<string, unknown>>(
    db,
    sql`
    select c.profiles_max, l.* from customers c left join lateral (
      with visible as (
        select p.*, 0 as shared from profiles p where p.customer_id = c.id
        union all
        select p.*, 1 from profiles p join profile_shares s on s.profile_id = p.id
        where s.recipient_id = c.id and p.customer_id <> c.id
      )
      select v.id, v.customer_id, v.name, v.type, v.state, v.format, v.color, v.built_with, v.shared, v.created_at,
        v.train_requested_at::text as train_requested_at, v.last_updated_row::text as last_updated_row,
        sent.projects, sent.photos, extra.photos as additional, since.photos as since, trained.at::text as trained_at,
        shares.n as shares, training.yes as training, earlier.yes as earlier
      from visible v
      cross join lateral (select count(*)::int as projects, coalesce(sum(images_sent), 0)::int as photos
        from projects where profile_id = v.id and kind = 'EDITING' and customer_id = c.id) sent
      cross join lateral (select coalesce(sum(images_sent), 0)::int as photos
        from projects where profile_id = v.id and kind = 'ADDITIONAL') extra
      cross join lateral (select coalesce(sum(images_sent), 0)::int as photos from projects
        where profile_id = v.id and kind = 'EDITING'
          and created_at > coalesce((select created_at from models where id = v.current_model_id), '-infinity')) since
      cross join lateral (select max(created_at) as at from models
        where profile_id = v.id and state in (${states(trainedModelStates)})) trained
      cross join lateral (select count(*)::int as n from profile_shares where profile_id = v.id) shares
      cross join lateral (select exists (select 1 from models
        where profile_id = v.id and state in (${states(trainingModelStates)})) as yes) training
      cross join lateral (select exists (select 1 from models where profile_id = v.id
        and id is distinct from v.current_model_id and state in ('READY', 'DEPRECATED')) as yes) earlier
      order by v.shared, v.created_at, v.id
      limit ${detailListLimit}
    ) l on true
    where c.id = ${customerId}
    order by l.shared, l.created_at, l.id`,
  );
  const first = rows[0];
  if (!first) return null;
  const records = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: Number(row.id),
      customerId: Number(row.customer_id),
      name: String(row.name),
      type: row.type as ProfileRecord['type'],
      state: row.state as ProfileRecord['state'],
      format: row.format as ProfileRecord['format'],
      color: row.color as ProfileRecord['color'],
      builtWith: row.built_with as ProfileRecord['builtWith'],
      trainRequestedAt: (row.train_requested_at as string | null) ?? null,
      lastUpdatedRow: String(row.last_updated_row),
      projectsSent: Number(row.projects),
      photosSent: Number(row.photos),
      additionalPhotos: Number(row.additional),
      photosSinceModel: Number(row.since),
      lastTrainedAt: (row.trained_at as string | null) ?? null,
      shares: Number(row.shares),
      training: row.training === true,
      earlierModel: row.earlier === true,
    }));
  return { profilesMax: Number(first.profiles_max), records };
}

/** The profiles a customer sees (see customerProfiles); 404 when there is no such customer. */
export async function profilesOf(db: Database, customerId: number): Promise<ProfileRecord[]> {
  const found = await customerProfiles(db, customerId);
  if (!found) throw fail('customer_not_found');
  return found.records;
}

/** The customer's profiles with their row actions for the caller (§4), and the customer's profile limit. */
export const listProfiles = handle(
  api.profiles.list,
  async ({ db, params, can }) => {
    const found = await customerProfiles(db, params.user_id);
    if (!found) throw fail('customer_not_found');
    return {
      headers: [...profileHeaders],
      profiles: found.records.map((record) => profileRow(record, params.user_id, can)),
      meta: { enable_column_selection: true, max_personal_profiles: found.profilesMax },
    };
  },
  { transaction: false },
);

/** The customer's live profiles (owned or shared with them) as choices for forms. */
export const profileDropdownOptions = handle(
  api.profiles.dropdownOptions,
  async ({ db, params }) =>
    (await profilesOf(db, params.user_id))
      .filter((record) => record.state !== 'DELETED')
      .map((record) => ({ id: record.id, profile_name: record.name })),
  { transaction: false },
);
