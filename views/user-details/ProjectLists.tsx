import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UserTarget } from '../../commands/target';
import { api } from '../../domain/api';
import { countOf } from '../../domain/labels';
import { formatMoney } from '../../domain/money';
import {
  advancedOptionLabels,
  type EditingProjectRow,
  editingProjectTypeLabels,
  type ProjectPageQuery,
  projectStatusLabels,
  type VideoProjectRow,
} from '../../domain/projects';
import type { Header } from '../../domain/tables';
import { useCall } from '../../src/http';
import { Button } from '../../src/ui/Button';
import { formatDateTime } from '../users/customer-format';
import { type DetailColumn, DetailTable } from './DetailTable';
import { RecordRowMenu } from './RecordRowMenu';
import { TabState } from './TabState';

const none = <span className="text-faint">—</span>;
const count = (value: number) => value.toLocaleString('en-US');

/** The editing list's cells by the server's header keys (columns the server sends that are not here are skipped). */
function editingCells(userId: number, target: UserTarget): Record<string, (row: EditingProjectRow) => ReactNode> {
  return {
    id: (row) => <span className="whitespace-nowrap">#{row.id}</span>,
    date: (row) => <span className="whitespace-nowrap">{formatDateTime(row.date)}</span>,
    project_name: (row) => (
      <span>
        {row.project_name}
        {row.delivery_to_gallery.icon === 'GALLERY' && (
          <span title={row.delivery_to_gallery.tooltip} className="ml-1">
            <span aria-hidden="true">🖼</span>
            <span className="sr-only">{row.delivery_to_gallery.tooltip}</span>
          </span>
        )}
      </span>
    ),
    project_type: (row) => editingProjectTypeLabels[row.project_type],
    project_status: (row) => projectStatusLabels[row.project_status],
    selected_profile: (row) => row.selected_profile?.profile_name ?? none,
    number_of_images_sent: (row) => count(row.number_of_images_sent),
    number_of_edit_sent: (row) => count(row.number_of_edit_sent),
    number_of_edits_to_charge: (row) => count(row.number_of_edits_to_charge),
    advanced_options: (row) =>
      row.advanced_options.length === 0 ? (
        none
      ) : (
        <span className="flex flex-wrap gap-1">
          {row.advanced_options.map((option) => (
            <span key={option} className="rounded bg-raised px-1 text-xs">
              {advancedOptionLabels[option]}
            </span>
          ))}
        </span>
      ),
    total_charge: (row) => formatMoney(row.total_charge),
    invoice: (row) =>
      row.invoice ? (
        <Link href={`/users/${userId}/charges`} className="whitespace-nowrap underline underline-offset-2">
          {row.invoice.number}
        </Link>
      ) : (
        none
      ),
    paid: (row) => (row.paid ? 'Yes' : 'No'),
    software_version: (row) => row.software_version ?? none,
    quick_actions: (row) => (
      <RecordRowMenu kind="project" id={row.id} quickActions={row.quick_actions} target={target} />
    ),
  };
}

/** The video list's cells by the server's header keys. */
const videoCells = (target: UserTarget): Record<string, (row: VideoProjectRow) => ReactNode> => ({
  id: (row) => <span className="whitespace-nowrap">#{row.id}</span>,
  date: (row) => <span className="whitespace-nowrap">{formatDateTime(row.date)}</span>,
  project_name: (row) => row.project_name,
  project_status: (row) => projectStatusLabels[row.project_status],
  duration_minutes: (row) => count(row.duration_minutes),
  number_of_clips: (row) => count(row.number_of_clips),
  quick_actions: (row) => <RecordRowMenu kind="project" id={row.id} quickActions={row.quick_actions} target={target} />,
});

/** The server's default columns that have a cell here, in its order. */
function columnsOf<Row>(headers: Header[], cells: Record<string, (row: Row) => ReactNode>): DetailColumn<Row>[] {
  return headers
    .filter((header) => header.default_visible && cells[header.key])
    .map((header) => ({
      header: header.label,
      cell: cells[header.key] as (row: Row) => ReactNode,
      numeric: header.type === 'NUMBER',
      money: header.type === 'CURRENCY',
    }));
}

interface PagedProps {
  userId: number;
  /** The customer as a command target (row menus act for them). */
  target: UserTarget;
  query: ProjectPageQuery;
  /** Changes the page, sort or order (kept in the address by the tab). */
  onQuery: (changes: Partial<ProjectPageQuery>) => void;
}

/** Sort, order and paging controls of a project list. */
function Paging({
  query,
  onQuery,
  total,
  sorts,
}: Pick<PagedProps, 'query' | 'onQuery'> & { total: number; sorts: Header[] }) {
  const pages = Math.max(1, Math.ceil(total / query.page_size));
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-1.5">
        <span className="text-muted">Sort by</span>
        <select
          className="h-7 rounded-md border border-line bg-raised px-2"
          value={query.sort}
          onChange={(event) => onQuery({ sort: event.target.value as ProjectPageQuery['sort'], page: 1 })}
        >
          {sorts.map((header) => (
            <option key={header.key} value={header.key}>
              {header.label}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" onClick={() => onQuery({ order: query.order === 'asc' ? 'desc' : 'asc', page: 1 })}>
        {query.order === 'asc' ? 'Ascending' : 'Descending'}
      </Button>
      <span className="flex-1" />
      <span className="text-muted tabular-nums">
        {countOf(total, 'project')} · page {query.page} of {pages}
      </span>
      <Button size="sm" disabled={query.page <= 1} onClick={() => onQuery({ page: query.page - 1 })}>
        Previous
      </Button>
      <Button size="sm" disabled={query.page >= pages} onClick={() => onQuery({ page: query.page + 1 })}>
        Next
      </Button>
    </div>
  );
}

/** One page of a project list: its sort and paging controls above the rows, by the server's headers. */
function PagedProjectTable<Row extends { id: number }>({
  label,
  page,
  cells,
  query,
  onQuery,
}: Pick<PagedProps, 'query' | 'onQuery'> & {
  label: string;
  page: { headers: Header[]; projects: Row[]; meta: { total_number_of_projects: number } };
  cells: Record<string, (row: Row) => ReactNode>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Paging
        query={query}
        onQuery={onQuery}
        total={page.meta.total_number_of_projects}
        sorts={page.headers.filter((header) => header.sortable)}
      />
      <DetailTable
        label={label}
        rows={page.projects}
        rowKey={(row) => row.id}
        empty={`No ${label.toLowerCase()}.`}
        columns={columnsOf(page.headers, cells)}
      />
    </div>
  );
}

/** The customer's editing projects, one page at a time. */
export function EditingProjects({ userId, target, query, onQuery }: PagedProps) {
  const { data, isLoading, error } = useCall(api.projects.editing, { params: { user_id: userId }, query });
  if (!data) return <TabState what="the editing projects" loading={isLoading} error={error} />;
  const cells = editingCells(userId, target);
  return <PagedProjectTable label="Editing projects" page={data} cells={cells} query={query} onQuery={onQuery} />;
}

/** The customer's video projects, one page at a time. */
export function VideoProjects({ userId, target, query, onQuery }: PagedProps) {
  const { data, isLoading, error } = useCall(api.projects.video, { params: { user_id: userId }, query });
  if (!data) return <TabState what="the video projects" loading={isLoading} error={error} />;
  return (
    <PagedProjectTable label="Video projects" page={data} cells={videoCells(target)} query={query} onQuery={onQuery} />
  );
}
