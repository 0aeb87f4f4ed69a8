import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { detailListLimit } from '../../domain/user-details';
import type { Database } from '../db/client';
import { handle } from '../http/handler';
import { findCustomer } from '../users/customer-records';
import { type ProfileRecord, profileHeaders, profileRow, trainedModelStates, trainingModelStates } from './rows';

const states = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The profiles a customer sees: their own, then the ones shared with them, oldest first, with what is derived from
 * projects and models (one index lookup per profile and count; a customer has about a hundred at most).
 */
export async function profilesOf(db: Database, customerId: number): Promise<ProfileRecord[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with visible as (
      select p.*, 0 as shared from profiles p where p.customer_id = ${customerId}
      union all
      select p.*, 1 from profiles p join profile_shares s on s.profile_id = p.id
      where s.recipient_id = ${customerId} and p.customer_id <> ${customerId}
    )
    select v.id, v.customer_id, v.name, v.type, v.state, v.format, v.color, v.built_with,
      v.train_requested_at::text as train_requested_at, v.last_updated_row::text as last_updated_row,
      sent.projects, sent.photos, extra.photos as additional, since.photos as since, trained.at::text as trained_at,
      shares.n as shares, training.yes as training, earlier.yes as earlier
    from visible v
    cross join lateral (select count(*)::int as projects, coalesce(sum(images_sent), 0)::int as photos
      from projects where profile_id = v.id and kind = 'EDITING' and customer_id = ${customerId}) sent
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
    limit ${detailListLimit}`);
  return rows.map((row) => ({
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
}

/** The customer's profiles with their row actions for the caller (§4), and the customer's profile limit. */
export const listProfiles = handle(api.profiles.list, async ({ db, params, can }) => {
  const customer = await findCustomer(db, params.user_id);
  const records = await profilesOf(db, customer.id);
  return {
    headers: [...profileHeaders],
    profiles: records.map((record) => profileRow(record, customer.id, can)),
    meta: { enable_column_selection: true, max_personal_profiles: customer.profilesMax },
  };
});

/** The customer's live profiles (owned or shared with them) as choices for forms. */
export const profileDropdownOptions = handle(api.profiles.dropdownOptions, async ({ db, params }) => {
  const customer = await findCustomer(db, params.user_id);
  const records = await profilesOf(db, customer.id);
  return records
    .filter((record) => record.state !== 'DELETED')
    .map((record) => ({ id: record.id, profile_name: record.name }));
});
