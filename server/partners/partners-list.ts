import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { formsOfPayment, partnerTypes } from '../../domain/partner-vocabulary';
import type { Permission } from '../../domain/permissions';
import type { Header } from '../../domain/tables';
import { partners } from '../db/schema';
import { handle } from '../http/handler';
import {
  compileTableQuery,
  containsPattern,
  selectedColumns,
  type TableColumn,
  type TableSource,
} from '../tables/filter-sql';
import { keysetPage } from '../tables/keyset-page';
import { column, onlyColumns } from './columns';
import { partnersTableHeaders } from './partner-headers';
import { withOwnerChoices } from './partner-lookups';
import { partnerRows } from './partner-rows';

/** Every sortable or filterable column of the partners list (header key → SQL). */
const partnerColumns: Readonly<Record<string, TableColumn>> = {
  id: column(partners.id, 'integer'),
  name: column(partners.name, 'text'),
  type: column(partners.type, 'text', { values: partnerTypes }),
  email: column(partners.email, 'text'),
  ref: column(partners.ref, 'text'),
  owner_tp_user_id: column(sql`${partners.ownerStaffId}::text`, 'text', { nullable: true }),
  credit_per_subscriber: column(partners.creditPerSubscriber, 'bigint', { money: true }),
  form_of_payment: column(partners.formOfPayment, 'text', { values: formsOfPayment }),
  trial_photos_new_user: column(partners.trialPhotosNewUser, 'integer'),
  user_id: column(partners.userId, 'integer'),
  count_in_reports: column(partners.countInReports, 'boolean'),
  skip_base_payment: column(partners.skipBasePayment, 'boolean'),
  updated_at: column(partners.updatedAt, 'timestamptz'),
};

const trackingKeys = new Set(['total_subscribers', 'cac']);

/** The headers a caller gets: without the tracking columns for those without view_tracking. */
function headersFor(can: (permission: Permission) => boolean): Header[] {
  return partnersTableHeaders.filter((header) => can('view_tracking') || !trackingKeys.has(header.key));
}

const partnersSource: TableSource = {
  headers: partnersTableHeaders,
  columns: partnerColumns,
  id: sql`${partners.id}`,
  defaultSort: { column: 'updated_at', direction: 'desc' },
};

/** Partners filtered (AND), sorted (tie-broken by id) and paged by keyset cursor in SQL, with computed totals. */
export const filterPartners = handle(api.partners.filter, async ({ db, body, can, request }) => {
  const query = compileTableQuery(partnersSource, body);
  const keys = selectedColumns(partnersSource, body.columns);
  const { records, nextCursor, total } = await keysetPage(db, partners, query, body.page_size);
  const rows = await partnerRows(db, records, { can, request });
  return {
    headers: await withOwnerChoices(db, headersFor(can)),
    partners: rows.map((row) => onlyColumns(row, keys)),
    meta: {
      enable_column_selection: true,
      total_number_of_partners: total.total,
      total_is_estimate: total.estimate,
      next_cursor: nextCursor,
      sort: query.sort,
    },
  };
});

/** Partners whose id is the query, or whose name, e-mail or ref contains it: exact id and ref first, then by name. */
export const searchPartners = handle(api.partners.search, async ({ db, params, can, request }) => {
  const text = params.query;
  const id = /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : 0;
  const pattern = containsPattern(text);
  const records = await db
    .select()
    .from(partners)
    .where(
      sql`${partners.id} = ${id} or lower(${partners.ref}) = lower(${text}) or ${partners.name} ilike ${pattern} or ${partners.email} ilike ${pattern} or ${partners.ref} ilike ${pattern}`,
    )
    .orderBy(
      sql`(${partners.id} = ${id} or lower(${partners.ref}) = lower(${text})) desc`,
      sql`lower(${partners.name})`,
      partners.id,
    )
    .limit(20);
  return { headers: headersFor(can), partners: await partnerRows(db, records, { can, request }) };
});
