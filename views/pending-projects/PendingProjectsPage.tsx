import { type ReactNode, useCallback, useEffect } from 'react';
import { navigateTo, userPath } from '../../commands/navigate';
import { setFocusedRowTarget } from '../../commands/page-target';
import { type FocusedRecord, setFocusedRecord } from '../../commands/record-context';
import { quickActionMenu } from '../../commands/row-menu';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import type { PendingRow } from '../../domain/pending-projects';
import { can } from '../../domain/permissions';
import { areaById } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { PageHeader } from '../../src/ui/PageHeader';
import {
  DataTable,
  FilteredEmpty,
  FirstPageFallback,
  ListTotal,
  type RowAction,
  useTableUrlState,
} from '../../src/ui/table';
import { modelRecord, modelRowMenu, runModelCommand } from '../models/model-menu';
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';
import { usePendingProjects } from './use-pending-projects';

const area = areaById('pending-projects');

/** The customer a queued row belongs to, as a command's target. */
function customerOf(row: PendingRow): UserTarget {
  return { kind: 'user', id: row.user_id, name: row.customer };
}

/** A model row as the model commands take it (its id, its customer, its version, its quick actions). */
function modelOf(row: PendingRow) {
  const { record_id: id, user_id, quick_actions } = row;
  return { id, user_id, last_updated_row: row.last_updated_row ?? '', quick_actions };
}

/** A row as the palette's record context: a project, or a model with the Models page's prefill. */
function recordOf(row: PendingRow): FocusedRecord {
  if (row.record === 'model') return modelRecord(modelOf(row), customerOf(row));
  return { kind: 'project', id: row.record_id, quickActions: row.quick_actions, target: customerOf(row) };
}

/**
 * Pending projects (`/pending-projects`): the queue of waiting work, oldest first, in the DataTable over the server's
 * headers; filters and sort in the address. A project row's menu runs the Projects tab's commands and Enter opens
 * the customer's Projects tab; a model row's menu runs the Models page's commands (`modelRowMenu`, `runModelCommand`)
 * and Enter opens the model's page (its customer's Profiles tab for a role without see_models). A run refreshes the
 * queue in place, so the focused row stays where it was.
 */
export default function PendingProjectsPage() {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh } = usePendingProjects(state);
  useRefreshAfterRuns(() => void refresh());
  useEffect(
    () => () => {
      setFocusedRowTarget(undefined);
      setFocusedRecord(undefined);
    },
    [],
  );
  // The focused row is the palette's and the shortcuts' context: its customer, and its own record's commands (a
  // project's, or a model's as on the Models page), listed first and prefilled.
  const onFocusRow = useCallback((row: PendingRow | undefined) => {
    setFocusedRowTarget(row ? customerOf(row) : undefined);
    setFocusedRecord(row ? recordOf(row) : undefined);
  }, []);
  const rowActions = useCallback(
    (row: PendingRow): RowAction[] =>
      row.record === 'model'
        ? modelRowMenu(row, userRole)
        : quickActionMenu('project', row.quick_actions, userRole, customerOf(row)),
    [userRole],
  );
  // Enter: a model row opens the model (the customer's Profiles tab for a role without see_models, which the Models
  // pages need); a project row the customer's Projects tab.
  const onOpen = useCallback(
    (row: PendingRow) => {
      if (row.record === 'project') navigateTo(userPath(row.user_id, 'projects'));
      else navigateTo(can(userRole, 'see_models') ? `/models/${row.record_id}` : userPath(row.user_id, 'profiles'));
    },
    [userRole],
  );
  const onRowAction = useCallback((row: PendingRow, action: RowAction) => {
    if (row.record === 'model') {
      runModelCommand(action.id, modelOf(row));
      return;
    }
    void runCommand(action.id, {
      target: customerOf(row),
      prefill: { project_id: String(row.record_id) },
      origin: 'row-menu',
    });
  }, []);

  let body: ReactNode;
  if (!first) {
    body = (
      <FirstPageFallback
        what="the queue"
        isLoading={isLoading}
        error={error}
        onRetry={() => void refresh()}
        state={state}
        onStateChange={setState}
      />
    );
  } else {
    const meta = first.meta;
    body = (
      <DataTable
        id="pending-projects"
        label="Pending projects"
        headers={first.headers}
        rows={rows}
        state={state}
        onStateChange={setState}
        defaultSort={meta.sort}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        onOpen={onOpen}
        rowActions={rowActions}
        onRowAction={onRowAction}
        onFocusRow={onFocusRow}
        rowLabel={(row) => `${row.name} of ${row.customer}`}
        autoFocus
        toolbar={
          <ListTotal
            busy={isLoading || loadingMore}
            total={meta.total_number_of_pending}
            estimate={meta.total_is_estimate}
            noun="waiting"
            testId="pending-total"
          />
        }
        empty={
          <FilteredEmpty
            title="Nothing is waiting"
            message="No work matches these filters."
            error={error}
            state={state}
            onStateChange={setState}
          />
        }
      />
    );
  }
  return (
    <>
      <PageHeader
        title={area.title}
        subtitle="Projects not delivered yet and models waiting for training, oldest first"
      />
      <div className="px-4 py-4 md:px-6">{body}</div>
    </>
  );
}
