import { sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { booleanLabels } from '../../domain/labels';
import { modelStateLabels, modelStates, profileFormats } from '../../domain/profiles';
import type { Header } from '../../domain/tables';
import { models } from '../db/schema';
import { handle } from '../http/handler';
import { compileTableQuery, type TableColumn, type TableSource } from '../tables/filter-sql';
import { tableHeader } from '../tables/header';
import { keysetPage } from '../tables/keyset-page';
import { modelRow, ownersOf } from './rows';

/** The models list's columns, in order (spec §3 "Model list row"). */
export const modelHeaders: readonly Header[] = [
  tableHeader('id', 'Model', 'NUMBER', 'number'),
  tableHeader('name', 'Name', 'TEXT', null),
  tableHeader('state', 'State', 'STATUS', 'multi', { options: [...modelStates], option_labels: modelStateLabels }),
  tableHeader('type_value', 'Type', 'TAG', 'multi', { options: [...profileFormats] }),
  tableHeader('locked', 'Locked', 'BOOLEAN_CHECK', 'multi', {
    options: ['true', 'false'],
    option_labels: booleanLabels,
  }),
  tableHeader('profile_name', 'Profile', 'TEXT', 'text'),
  tableHeader('profile_id', 'Profile ID', 'NUMBER', 'number', { default_visible: false }),
  tableHeader('user_id', 'Customer ID', 'NUMBER', 'number'),
  tableHeader('user_email', 'Customer', 'TEXT', null, { default_visible: false }),
  tableHeader('created_at', 'Created', 'DATETIME', 'date'),
  tableHeader('date_started_the_process', 'Started', 'DATETIME', 'date'),
  tableHeader('total_number_of_projects', 'Projects', 'NUMBER', 'number'),
  tableHeader('total_number_of_photos', 'Photos', 'NUMBER', 'number'),
  tableHeader('quick_actions', 'Actions', 'ROW_MENU', null),
];

const column = (sqlText: SqlColumn, type: TableColumn['type'], nullable = false, values?: readonly string[]) => ({
  sql: sqlText,
  type,
  nullable,
  ...(values ? { values } : {}),
});
type SqlColumn = TableColumn['sql'];

const modelSource: TableSource = {
  headers: modelHeaders,
  columns: {
    id: column(sql`${models.id}`, 'bigint'),
    state: column(sql`${models.state}`, 'text', false, modelStates),
    type_value: column(sql`${models.type}`, 'text', false, profileFormats),
    locked: column(sql`${models.locked}`, 'boolean'),
    profile_name: column(sql`(select p.name from profiles p where p.id = ${models.profileId})`, 'text'),
    profile_id: column(sql`${models.profileId}`, 'bigint'),
    user_id: column(sql`${models.customerId}`, 'integer'),
    created_at: column(sql`${models.createdAt}`, 'timestamptz'),
    date_started_the_process: column(sql`${models.startedAt}`, 'timestamptz', true),
    total_number_of_projects: column(sql`${models.projects}`, 'integer'),
    total_number_of_photos: column(sql`${models.photos}`, 'integer'),
  },
  id: sql`${models.id}`,
  defaultSort: { column: 'created_at', direction: 'desc' },
};

/** The models list: filtered, sorted and paged by keyset cursor in SQL (the users_filter body; `{}` = newest first). */
export const listModels = handle(api.models.list, async ({ db, body, can }) => {
  const query = compileTableQuery(modelSource, body);
  const page = await keysetPage(db, models, query, body.page_size);
  const owners = await ownersOf(
    db,
    page.records.map((model) => model.id),
  );
  return {
    headers: [...modelHeaders],
    models: page.records.map((model) => modelRow(model, owners.get(model.id) ?? { profileName: '', email: '' }, can)),
    meta: {
      total_number_of_models: page.total.total,
      total_is_estimate: page.total.estimate,
      next_cursor: page.nextCursor,
      sort: query.sort,
    },
  };
});
