import { type SQL, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { refusalOf } from '../../domain/labels';
import {
  type PendingKind,
  type PendingRow,
  pendingKindLabels,
  pendingKinds,
  pendingStatuses,
  pendingStatusLabels,
} from '../../domain/pending-projects';
import type { Permission } from '../../domain/permissions';
import type { Header, QuickAction } from '../../domain/tables';
import type { Database } from '../db/client';
import { executePrepared } from '../db/prepared';
import { customers, models, profiles, projects } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { handle } from '../http/handler';
import { modelQuickActions } from '../models/rows';
import { countRows, exactCountLimit, type ListTotal } from '../tables/count';
import { encodeCursor } from '../tables/cursor';
import { compileTableQuery, type TableColumn, type TableSource } from '../tables/filter-sql';
import { tableHeader } from '../tables/header';

/** The queue's columns, in order. Age is derived from `waiting_since` (sort by that for the same order). */
export const pendingHeaders: readonly Header[] = [
  tableHeader('waiting_since', 'Waiting since', 'DATETIME', 'date'),
  tableHeader('age_hours', 'Age (hours)', 'NUMBER', null),
  tableHeader('kind', 'Kind', 'TAG', 'multi', { options: [...pendingKinds], option_labels: pendingKindLabels }),
  tableHeader('name', 'Name', 'TEXT', 'text'),
  tableHeader('customer', 'Customer', 'TEXT', 'text'),
  tableHeader('user_id', 'Customer ID', 'NUMBER', 'number', { default_visible: false }),
  tableHeader('profile_name', 'Profile', 'TEXT', 'text'),
  tableHeader('status', 'Status', 'STATUS', 'multi', {
    options: [...pendingStatuses],
    option_labels: pendingStatusLabels,
  }),
  tableHeader('reason', 'Why it waits', 'TEXT', null),
  tableHeader('record_id', 'ID', 'NUMBER', 'number', { default_visible: false }),
  tableHeader('quick_actions', 'Actions', 'ROW_MENU', null),
];

/**
 * The two branches of the queue before the joins: projects UPLOADED or PROCESSING (the `projects_waiting` partial
 * index) and models PENDING (`models_pending`), each with a unique `seq` (ids of the two tables overlap: projects even,
 * models odd) as the list's tie-breaker. A model also carries what its commands need (its lock for the Models list's
 * quick actions, its `last_updated_row` for their version check); a project has none of them.
 */
const waitingProjects = sql`(
    select ${projects.id} * 2 as seq, ${projects.id} as record_id, ${projects.kind} as kind, ${projects.name} as name,
           ${projects.status} as status, ${projects.createdAt} as waiting_since, ${projects.customerId} as customer_id,
           ${projects.profileId} as profile_id, null::boolean as locked, null::text as lock_message,
           null::timestamptz as last_updated_row
    from ${projects} where ${projects.status} in ('UPLOADED', 'PROCESSING'))`;
const waitingModels = sql`(
    select ${models.id} * 2 + 1 as seq, ${models.id} as record_id, 'MODEL' as kind, ${models.name} as name,
           ${models.state} as status, ${models.createdAt} as waiting_since, ${models.customerId} as customer_id,
           ${models.profileId} as profile_id, ${models.locked} as locked, ${models.lockMessage} as lock_message,
           ${models.lastUpdatedRow} as last_updated_row
    from ${models} where ${models.state} = 'PENDING')`;

/** The waiting work as one relation `q`: both branches, joined with the customer and the profile for their names. */
const waiting = sql`(
  select w.*, c.first_name || ' ' || c.last_name as customer_name, c.email as customer_email,
         pr.name as profile_name
  from (${waitingProjects} union all ${waitingModels}) w
  join ${customers} c on c.id = w.customer_id
  left join ${profiles} pr on pr.id = w.profile_id
) q`;

const column = (expression: string, type: TableColumn['type'], nullable = false, values?: readonly string[]) => ({
  sql: sql.raw(`q.${expression}`),
  type,
  nullable,
  ...(values ? { values } : {}),
});

const pendingSource: TableSource = {
  headers: pendingHeaders,
  columns: {
    waiting_since: column('waiting_since', 'timestamptz'),
    kind: column('kind', 'text', false, pendingKinds),
    name: column('name', 'text'),
    customer: { sql: sql.raw(`(q.customer_name || ' ' || q.customer_email)`), type: 'text', nullable: false },
    user_id: column('customer_id', 'integer'),
    profile_name: column('profile_name', 'text', true),
    status: column('status', 'text', false, pendingStatuses),
    record_id: column('record_id', 'bigint'),
  },
  id: sql.raw('q.seq'),
  defaultSort: { column: 'waiting_since', direction: 'asc' },
};

/**
 * The unfiltered queue in waiting order (the page everyone opens): each branch takes its first `limit` rows after the
 * cursor from its own index (`projects_waiting`, `models_pending`) before the union and the joins, instead of
 * sorting every waiting row. Same rows, same order as `waiting` filtered by the cursor.
 */
function firstOfWaiting(after: SQL | undefined, orderBy: SQL[], limit: number): SQL {
  const branch = (relation: SQL) =>
    sql`(select * from ${relation} q ${after ? sql`where ${after}` : sql``} order by ${sql.join(orderBy, sql`, `)} limit ${limit})`;
  return sql`(
  select w.*, c.first_name || ' ' || c.last_name as customer_name, c.email as customer_email,
         pr.name as profile_name
  from (${branch(waitingProjects)} union all ${branch(waitingModels)}) w
  join ${customers} c on c.id = w.customer_id
  left join ${profiles} pr on pr.id = w.profile_id
) q`;
}

/**
 * The unfiltered queue's total as columns of one statement: each branch counted from its partial index
 * (`projects_waiting`, `models_pending`; no joins) up to the exact-count limit, and each index's size as ANALYZE last
 * estimated it (`pg_class.reltuples`, for a partial index the rows its predicate keeps), for a branch past the limit.
 */
const waitingCountColumns = (() => {
  const capped = (relation: SQL) =>
    sql`(select count(*)::int from (select 1 from ${relation} q limit ${exactCountLimit + 1}) capped)`;
  const size = (index: string) =>
    sql`(select reltuples::float8 from pg_class where oid = ${sql.raw(`'${index}'::regclass`)})`;
  return sql`${capped(waitingProjects)} as projects_counted, ${capped(waitingModels)} as models_counted,
    ${size('projects_waiting')} as projects_estimate, ${size('models_pending')} as models_estimate`;
})();

export interface WaitingCounts extends Record<string, unknown> {
  projects_counted: number;
  models_counted: number;
  projects_estimate: number | null;
  models_estimate: number | null;
}

/** The total from the count columns: exact while both branches are within the limit, else estimated per branch. */
export function waitingTotal(counts: WaitingCounts): ListTotal {
  const branch = (counted: number, estimate: number | null) =>
    counted <= exactCountLimit ? counted : Math.max(Math.round(Number(estimate ?? 0)), exactCountLimit + 1);
  const projects = Number(counts.projects_counted);
  const models = Number(counts.models_counted);
  return {
    total: branch(projects, counts.projects_estimate) + branch(models, counts.models_estimate),
    estimate: projects > exactCountLimit || models > exactCountLimit,
  };
}

/** The unfiltered total: from the page's first row, or (no row: an empty queue, or past its end) on its own. */
async function fastTotal(db: Database, first: Partial<WaitingCounts> | undefined, paged: boolean): Promise<ListTotal> {
  if (first?.projects_counted !== undefined) return waitingTotal(first as WaitingCounts);
  if (!paged) return { total: 0, estimate: false };
  const result = await db.execute<WaitingCounts>(sql`select ${waitingCountColumns}`);
  const counts = result.rows[0];
  return counts ? waitingTotal(counts) : { total: 0, estimate: false };
}

/** Why a piece of work waits, in words. */
function reasonOf(kind: PendingKind, status: string): string {
  if (kind === 'MODEL') return 'Sent for training: waits for a training slot';
  if (status === 'PROCESSING') return 'Being processed: not delivered yet';
  return kind === 'EDITING' ? 'Uploaded: waits to be edited' : 'Uploaded: waits to be processed';
}

/**
 * A row's actions. A model has the Models list's (`modelQuickActions`: the same checks, the same reasons). A waiting
 * editing project offers the Projects tab's re-edit, disabled: it is in the queue already.
 */
function quickActionsOf(record: WaitingRecord, can: (p: Permission) => boolean): QuickAction[] {
  if (record.kind === 'MODEL') {
    // The queue's models are PENDING (its `models_pending` branch).
    return modelQuickActions(
      { state: 'PENDING', locked: record.locked === true, lockMessage: record.lock_message },
      can,
    );
  }
  if (record.kind !== 'EDITING') return [];
  const reason = can('reedit_project') ? 'The project is in the queue already' : refusalOf('reedit_project');
  return [{ name: 'RE_EDIT', is_disabled: true, disable_message: reason }];
}

interface WaitingRecord extends Record<string, unknown> {
  seq: number;
  record_id: number;
  kind: PendingKind;
  name: string;
  status: PendingRow['status'];
  since_ms: number;
  age_hours: number;
  customer_id: number;
  customer_name: string;
  customer_email: string;
  profile_id: number | null;
  profile_name: string | null;
  sort_value: string | null;
  /** A model's; null on a project. */
  locked: boolean | null;
  lock_message: string | null;
  last_updated_row: string | null;
}

/**
 * The pending-projects queue: filtered, sorted (oldest first by default) and paged by keyset cursor in SQL. A read
 * without a transaction: the unfiltered first page and its total are one statement; a filtered page and its count
 * run side by side.
 */
export const listPendingProjects = handle(
  api.projects.pending,
  async ({ db, body, can }) => {
    const query = compileTableQuery(pendingSource, body);
    // Unfiltered and in waiting order: each branch reads only its first page from its index (firstOfWaiting).
    const fast = query.where === undefined && query.sort.column === 'waiting_since';
    const conditions = [query.where, query.after].filter((condition): condition is SQL => condition !== undefined);
    const where = fast || conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
    const from = fast ? firstOfWaiting(query.after, query.orderBy, body.page_size + 1) : waiting;
    const [result, counted] = await Promise.all([
      executePrepared<WaitingRecord & Partial<WaitingCounts>>(
        db,
        sql`
      select q.seq::float8 as seq, q.record_id::float8 as record_id, q.kind, q.name, q.status,
             extract(epoch from q.waiting_since)::float8 * 1000 as since_ms,
             floor(extract(epoch from now() - q.waiting_since) / 3600)::int as age_hours,
             q.customer_id, q.customer_name, q.customer_email, q.profile_id::float8 as profile_id, q.profile_name,
             q.locked, q.lock_message, q.last_updated_row::text as last_updated_row,
             ${query.sortValue} as sort_value${fast ? sql`, ${waitingCountColumns}` : sql``}
      from ${from} where ${where}
      order by ${sql.join(query.orderBy, sql`, `)}
      limit ${body.page_size + 1}`,
      ),
      fast ? null : countRows(db, waiting, query.where),
    ]);
    const page = result.rows.slice(0, body.page_size);
    const last = page.at(-1);
    const nextCursor =
      result.rows.length > body.page_size && last ? encodeCursor(query.sort, last.sort_value, Number(last.seq)) : null;
    const total = counted ?? (await fastTotal(db, result.rows[0], query.after !== undefined));
    const rows: PendingRow[] = page.map((record) => {
      const isModel = record.kind === 'MODEL';
      const name = record.customer_name.trim();
      return {
        id: `${isModel ? 'model' : 'project'}-${record.record_id}`,
        record_id: Number(record.record_id),
        record: isModel ? 'model' : 'project',
        kind: record.kind,
        name: record.name,
        status: record.status,
        waiting_since: new Date(Number(record.since_ms)).toISOString(),
        age_hours: Number(record.age_hours),
        user_id: Number(record.customer_id),
        customer: name || record.customer_email,
        profile_id: record.profile_id === null ? null : Number(record.profile_id),
        profile_name: record.profile_name,
        reason: reasonOf(record.kind, record.status),
        last_updated_row: isModel && record.last_updated_row !== null ? isoTimestamp(record.last_updated_row) : null,
        quick_actions: quickActionsOf(record, can),
      };
    });
    return {
      headers: [...pendingHeaders],
      rows,
      meta: {
        total_number_of_pending: total.total,
        total_is_estimate: total.estimate,
        next_cursor: nextCursor,
        sort: query.sort,
      },
    };
  },
  { transaction: false },
);
