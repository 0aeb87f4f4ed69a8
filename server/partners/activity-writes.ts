import { eq, sql } from 'drizzle-orm';
import { hostAllowed } from '../../domain/addresses';
import type { ErrorCode } from '../../domain/errors';
import type { CreateActivityFields } from '../../domain/partner-activities';
import { buildTrackingLink, type UtmSet } from '../../domain/partner-fields';
import type { Database } from '../db/client';
import { type marketingActivities, partnerActivities } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { versionMicros } from '../users/details/general';
import type { RowContext } from './activity-rows';
import { assertSlugFree, type ShortLinkOwner, syncShortLink } from './short-links';
import { type UtmSetOwner, utmSetTaken } from './tracking';
import { violatedConstraint } from './unique-violation';

/**
 * The writes both activity tables share (partner activities, marketing activities): the link builder's fields, the
 * UTM set and slug checks, the version check of an edit, the short link that follows its activity, and the answer's
 * row. What differs (the table, its own fields, its 404, its rows) comes in an `ActivityKind`.
 */

type ActivityTable = typeof partnerActivities | typeof marketingActivities;

/** One activity table, as its writes need it. */
export interface ActivityKind<T extends ActivityTable, Row, Body = never> {
  table: T;
  /** The table's own columns from a create body (every field) or an edit body (those sent; the rest undefined). */
  columns(body: Body): Partial<T['$inferInsert']>;
  /** The answer's rows for records of this table. */
  rows(db: Database, records: T['$inferSelect'][], context: RowContext): Promise<Row[]>;
}

/** How the short links, the UTM set check and the 404 name an activity of the kind's table. */
function namesOf(table: ActivityTable): {
  notFound: ErrorCode;
  linkOwner(id: number): ShortLinkOwner;
  utmOwner(id: number): UtmSetOwner;
} {
  return table === partnerActivities
    ? {
        notFound: 'activity_not_found',
        linkOwner: (id) => ({ partnerActivityId: id }),
        utmOwner: (id) => ({ activityId: id }),
      }
    : {
        notFound: 'marketing_activity_not_found',
        linkOwner: (id) => ({ marketingActivityId: id }),
        utmOwner: (id) => ({ marketingActivityId: id }),
      };
}

/** The link builder's fields of a body (create: all of them; edit: those that change). */
export type LinkFields = Pick<
  CreateActivityFields,
  'base_url' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_content' | 'slug'
>;

/** Refuses a UTM set another activity (of either table) uses: 409 on utm_campaign. */
export async function assertUtmSetFree(
  db: Database,
  set: Pick<UtmSet, 'utm_source' | 'utm_campaign' | 'utm_content'>,
  except: UtmSetOwner = {},
): Promise<void> {
  if (await utmSetTaken(db, set, except)) throw fail('utm_set_taken', { field: 'utm_campaign' });
}

/** Turns a unique violation of the activity tables or short links into the 409 it means; rethrows anything else. */
export function conflictOf(error: unknown): never {
  const constraint = violatedConstraint(error);
  if (constraint?.includes('utm_set')) throw fail('utm_set_taken', { field: 'utm_campaign' });
  if (constraint?.includes('slug')) throw fail('slug_taken', { field: 'slug' });
  throw error;
}

/**
 * With `SHORT_LINK_HOSTS` set (comma-separated domains), a tracking link and its short link may only lead to those
 * hosts or their subdomains: 400 on base_url otherwise.
 */
function assertAllowedHost(baseUrl: string): void {
  const allowed = (process.env.SHORT_LINK_HOSTS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (allowed.length === 0 || hostAllowed(new URL(baseUrl).hostname, allowed)) return;
  throw fail('validation_failed', {
    field: 'base_url',
    detail: `base_url: must lead to ${allowed.join(', ')} (SHORT_LINK_HOSTS) or a subdomain of one`,
  });
}

/** The table's columns for the link fields. */
function linkColumns(link: LinkFields) {
  assertAllowedHost(link.base_url);
  return {
    baseUrl: link.base_url,
    utmSource: link.utm_source,
    utmMedium: link.utm_medium,
    utmCampaign: link.utm_campaign,
    utmContent: link.utm_content,
    slug: link.slug,
  };
}

async function answerRow<T extends ActivityTable, Row>(
  kind: ActivityKind<T, Row>,
  db: Database,
  record: T['$inferSelect'],
  context: RowContext,
): Promise<Row> {
  const [row] = await kind.rows(db, [record], context);
  if (!row) throw fail('internal');
  return row;
}

/** Reads an activity for change (row-locked until the transaction ends); 404 the kind's way when absent. */
async function lockActivity<T extends ActivityTable>(
  kind: ActivityKind<T, unknown, never>,
  db: Database,
  id: number,
): Promise<T['$inferSelect']> {
  const table = kind.table as ActivityTable;
  const [record] = await db.select().from(table).where(eq(table.id, id)).for('update');
  if (!record) throw fail(namesOf(table).notFound);
  return record as T['$inferSelect'];
}

/** Creates an activity from its own columns and the link fields: UTM set and slug free (409 on the field). */
async function createActivityOf<T extends ActivityTable, Row, Body>(
  kind: ActivityKind<T, Row, Body>,
  db: Database,
  body: Body & LinkFields,
  context: RowContext,
): Promise<Row> {
  const link: LinkFields = body;
  await assertUtmSetFree(db, link);
  if (link.slug) await assertSlugFree(db, link.slug);
  const created = (await db
    .insert(kind.table as ActivityTable)
    .values({ ...kind.columns(body), ...linkColumns(link) } as typeof partnerActivities.$inferInsert)
    .returning()
    .then(([row]) => row, conflictOf)) as T['$inferSelect'] | undefined;
  if (!created) throw fail('internal');
  await syncShortLink(
    db,
    namesOf(kind.table).linkOwner(created.id),
    null,
    created.slug,
    buildTrackingLink(created.baseUrl, link),
  );
  return answerRow(kind, db, created, context);
}

/**
 * Changes an activity: the version read must be the current one (409 stale_version), the link fields sent replace
 * theirs (the resulting UTM set and slug free), the own columns given are set, and the short link follows.
 */
async function updateActivityOf<T extends ActivityTable, Row, Body>(
  kind: ActivityKind<T, Row, Body>,
  db: Database,
  record: T['$inferSelect'],
  body: Body & Partial<LinkFields> & { updated_at: string },
  context: RowContext,
): Promise<Row> {
  const sent = versionMicros(body.updated_at);
  if (sent === null || sent !== versionMicros(isoTimestamp(record.updatedAt))) throw fail('stale_version');
  const next: LinkFields = {
    base_url: body.base_url ?? record.baseUrl,
    utm_source: body.utm_source ?? record.utmSource,
    utm_medium: body.utm_medium ?? record.utmMedium,
    utm_campaign: body.utm_campaign ?? record.utmCampaign,
    utm_content: body.utm_content !== undefined ? body.utm_content : record.utmContent,
    slug: body.slug !== undefined ? body.slug : record.slug,
  };
  await assertUtmSetFree(db, next, namesOf(kind.table).utmOwner(record.id));
  if (next.slug) await assertSlugFree(db, next.slug, record.slug);
  const table = kind.table as ActivityTable;
  const updated = (await db
    .update(table)
    .set({
      ...(kind.columns(body) as Partial<typeof partnerActivities.$inferInsert>),
      ...linkColumns(next),
      updatedAt: sql`greatest(now(), ${record.updatedAt}::timestamptz + interval '1 microsecond')`,
    })
    .where(eq(table.id, record.id))
    .returning()
    .then(([row]) => row, conflictOf)) as T['$inferSelect'] | undefined;
  if (!updated) throw fail(namesOf(table).notFound);
  await syncShortLink(
    db,
    namesOf(table).linkOwner(updated.id),
    record.slug,
    updated.slug,
    buildTrackingLink(next.base_url, next),
  );
  return answerRow(kind, db, updated, context);
}

/** Deletes an activity; its short link goes with it (the foreign key cascades). */
async function deleteActivityOf<T extends ActivityTable>(
  kind: ActivityKind<T, unknown, never>,
  db: Database,
  id: number,
): Promise<{ id: number; deleted: true }> {
  const record = await lockActivity(kind, db, id);
  const table = kind.table as ActivityTable;
  await db.delete(table).where(eq(table.id, record.id));
  return { id: record.id, deleted: true };
}

/** The writes of one activity table, bound to its kind. */
export function activityWrites<T extends ActivityTable, Row, Body>(kind: ActivityKind<T, Row, Body>) {
  return {
    lock: (db: Database, id: number) => lockActivity(kind, db, id),
    create: (db: Database, body: Body & LinkFields, context: RowContext) => createActivityOf(kind, db, body, context),
    update: (
      db: Database,
      record: T['$inferSelect'],
      body: Body & Partial<LinkFields> & { updated_at: string },
      context: RowContext,
    ) => updateActivityOf(kind, db, record, body, context),
    remove: (db: Database, id: number) => deleteActivityOf(kind, db, id),
  };
}
