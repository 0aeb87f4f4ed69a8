import { sql } from 'drizzle-orm';
import { failedSignInWindowHours, type StaffRow } from '../../domain/staff';
import type { Database } from '../db/client';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';
import { fail } from '../http/errors';

interface StaffRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: StaffRow['role'];
  active: boolean;
  invited: boolean;
  created_at: string;
  last_login_at: string | null;
  active_sessions: number;
  failed_sign_ins: number;
}

/** Staff rows with their sessions and recent failed sign-ins; one (by id) or all, by name. */
export async function staffRows(db: Database, id?: number): Promise<StaffRow[]> {
  const result = await db.execute<StaffRecord & { [key: string]: unknown }>(sql`
    select s.id, s.first_name, s.last_name, s.email, s.role, s.active, s.created_at::text as created_at,
      s.last_login_at::text as last_login_at,
      (s.last_login_at is null and exists (select 1 from staff_invites i where i.staff_id = s.id and i.used_at is null))
        as invited,
      (select count(*)::int from sessions x where x.staff_id = s.id and x.revoked_at is null) as active_sessions,
      (select count(*)::int from login_failures f where f.email = s.email
        and f.at > now() - make_interval(hours => ${failedSignInWindowHours})) as failed_sign_ins
    from staff s ${id === undefined ? sql`` : sql`where s.id = ${id}`}
    order by s.active desc, lower(s.first_name || ' ' || s.last_name), s.id`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role,
    status: !row.active ? 'DEACTIVATED' : row.invited ? 'INVITED' : 'ACTIVE',
    created_at: isoTimestamp(row.created_at),
    last_sign_in: isoTimestampOrNull(row.last_login_at),
    active_sessions: Number(row.active_sessions),
    failed_sign_ins: Number(row.failed_sign_ins),
  }));
}

/** One staff row; 404 `staff_not_found`. */
export async function staffRow(db: Database, id: number): Promise<StaffRow> {
  const [row] = await staffRows(db, id);
  if (!row) throw fail('staff_not_found');
  return row;
}

/**
 * Refuses (409 `last_active_admin`) a change that would leave no active ADMIN: the other active ADMINs are locked
 * first, so two admins demoting each other at once cannot both pass.
 */
export async function keepAnAdmin(db: Database, staffId: number): Promise<void> {
  const others = await db.execute<{ id: number }>(sql`
    select id from staff where role = 'ADMIN' and active and id <> ${staffId} order by id for update`);
  if (others.rows.length === 0) throw fail('last_active_admin');
}
