import { type ReactNode, useCallback, useEffect } from 'react';
import { navigateTo } from '../../commands/navigate';
import { setFocusedRecord } from '../../commands/record-context';
import type { UserTarget } from '../../commands/target';
import type { ModelRow } from '../../domain/models';
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
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';
import { modelRecord, modelRowMenu, runModelCommand } from './model-menu';
import { useModels } from './use-models';

/** The customer a model belongs to, named by their e-mail (the row has no name). */
function ownerOf(row: ModelRow): UserTarget {
  return { kind: 'user', id: row.user_id, name: row.user_email, email: row.user_email };
}

/**
 * Models (`/models`, needs see_models): every finetune of every profile, newest first, in the DataTable over the
 * server's headers; filters and sort in the address. Enter opens the model's evidence; the row menu changes its state,
 * locks or unlocks it, or opens its profile or customer; the focused row is the palette's record context (its
 * commands first, prefilled). A run refreshes the list in place.
 */
export default function ModelsPage() {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh } = useModels(state);
  useRefreshAfterRuns(() => void refresh());
  useEffect(() => () => setFocusedRecord(undefined), []);
  const onFocusRow = useCallback(
    (row: ModelRow | undefined) => setFocusedRecord(row ? modelRecord(row, ownerOf(row)) : undefined),
    [],
  );
  const rowActions = useCallback((row: ModelRow) => modelRowMenu(row, userRole), [userRole]);
  const onRowAction = useCallback((row: ModelRow, action: RowAction) => runModelCommand(action.id, row), []);

  let body: ReactNode;
  if (!first) {
    body = (
      <FirstPageFallback
        what="the models"
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
        id="models"
        label="Models"
        headers={first.headers}
        rows={rows}
        state={state}
        onStateChange={setState}
        defaultSort={meta.sort}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        onOpen={(row) => navigateTo(`/models/${row.id}`)}
        rowActions={rowActions}
        onRowAction={onRowAction}
        onFocusRow={onFocusRow}
        rowLabel={(row) => `Model ${row.id} of ${row.profile_name}`}
        autoFocus
        toolbar={
          <ListTotal
            busy={isLoading || loadingMore}
            total={meta.total_number_of_models}
            estimate={meta.total_is_estimate}
            noun="models"
            testId="models-total"
          />
        }
        empty={
          <FilteredEmpty
            title="No models"
            message="No model matches these filters."
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
        title="Models"
        subtitle="Every finetune of every profile, newest first: open one to see its evidence"
      />
      <div className="px-4 py-4 md:px-6">{body}</div>
    </>
  );
}
