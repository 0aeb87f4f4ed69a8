import { type ReactNode, useCallback } from 'react';
import type { RowKind } from '../../commands/quick-actions';
import type { AnswerOf, Endpoint } from '../../domain/endpoint';
import type { Header, QuickAction } from '../../domain/tables';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { EmptyState } from '../../src/ui/EmptyState';
import { Spinner } from '../../src/ui/Spinner';
import { DataTable, type RowAction, type TableRow, useTableUrlState } from '../../src/ui/table';
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';
import { areaRowMenu, runWithRow } from './row-menu';
import { usePagedList } from './use-paged-list';

const count = new Intl.NumberFormat('en-US');

type ListAnswer = {
  headers: Header[];
  meta: { total_is_estimate: boolean; next_cursor: string | null; sort: { column: string; direction: 'asc' | 'desc' } };
};

export interface AreaTableProps<E extends Endpoint, R extends TableRow> {
  /** The DOM id and test handle of the table. */
  id: string;
  label: string;
  endpoint: E;
  rowsOf: (answer: AnswerOf<E>) => readonly R[];
  totalOf: (answer: AnswerOf<E>) => number;
  /** "partners", "activities": what the total counts. */
  noun: string;
  rowLabel: (row: R) => string;
  /** The row menu: the server's quick actions of this kind of row, then `extras` (command ids) the role may run. */
  menuKind: RowKind;
  extras?: readonly string[];
  /** The form values a row fills in for the command chosen from its menu. */
  prefill: (row: R, action: RowAction) => Record<string, string>;
  /** Enter on a row (e.g. a partner's activities). */
  onOpen?: (row: R) => void;
}

/**
 * One of the partners area's server lists in the DataTable: the server's headers, filters and sort in the address,
 * pages by cursor, a row menu of commands, refreshed in place after any command run.
 */
export function AreaTable<E extends Endpoint, R extends TableRow & { quick_actions?: readonly QuickAction[] }>(
  props: AreaTableProps<E, R>,
) {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { menuKind, extras, prefill } = props;
  const rowActions = useCallback(
    (row: R) => areaRowMenu(menuKind, row.quick_actions, userRole, extras),
    [menuKind, extras, userRole],
  );
  const onRowAction = useCallback((row: R, action: RowAction) => runWithRow(action, prefill(row, action)), [prefill]);
  const { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh } = usePagedList(
    props.endpoint,
    state,
    props.rowsOf,
  );
  const reload = useCallback(() => void refresh(), [refresh]);
  useRefreshAfterRuns(reload);
  let body: ReactNode = null;
  if (!first && isLoading) body = <Spinner label={`Loading the ${props.noun}`} />;
  else if (!first && error) {
    body = (
      <EmptyState title={`Could not load the ${props.noun}`} message={error.message}>
        <Button onClick={reload}>Try again</Button>
      </EmptyState>
    );
  } else if (first && !(first as unknown as Partial<ListAnswer>).headers) {
    body = <EmptyState title={`Could not load the ${props.noun}`} message="The server’s answer has no table." />;
  } else if (first) {
    const answer = first as unknown as ListAnswer;
    body = (
      <DataTable
        id={props.id}
        label={props.label}
        headers={answer.headers}
        rows={rows}
        state={state}
        onStateChange={setState}
        defaultSort={answer.meta.sort}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        onOpen={props.onOpen}
        rowActions={rowActions}
        onRowAction={onRowAction}
        rowLabel={props.rowLabel}
        autoFocus
        toolbar={
          <span className="flex items-center gap-2 text-xs text-muted" aria-live="polite">
            {isLoading || loadingMore ? <Spinner label="Loading" /> : null}
            <span data-testid={`${props.id}-total`}>
              {answer.meta.total_is_estimate ? '≈ ' : ''}
              {count.format(props.totalOf(first))} {props.noun}
            </span>
          </span>
        }
        empty={
          <EmptyState title={`No ${props.noun}`} message={error ? error.message : 'Nothing matches these filters.'}>
            {state.filters.length ? (
              <Button onClick={() => setState({ ...state, filters: [] })}>Clear filters</Button>
            ) : null}
          </EmptyState>
        }
      />
    );
  }
  return body;
}
