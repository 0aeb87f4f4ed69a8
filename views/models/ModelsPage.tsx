import { type ReactNode, useCallback } from 'react';
import { navigateTo } from '../../commands/navigate';
import type { ModelRow } from '../../domain/models';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { EmptyState } from '../../src/ui/EmptyState';
import { PageHeader } from '../../src/ui/PageHeader';
import { Spinner } from '../../src/ui/Spinner';
import { DataTable, type RowAction, useTableUrlState } from '../../src/ui/table';
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';
import { modelRowMenu, runModelCommand } from './model-menu';
import { useModels } from './use-models';

const count = new Intl.NumberFormat('en-US');

/**
 * Models (`/models`, needs see_models): every finetune of every profile, newest first, in the DataTable over the
 * server's headers; filters and sort in the address. Enter opens the model's evidence; the row menu changes its state,
 * locks or unlocks it, or opens its profile or customer. A run refreshes the list in place.
 */
export default function ModelsPage() {
  const [state, setState] = useTableUrlState();
  const { userRole } = useSession();
  const { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh } = useModels(state);
  useRefreshAfterRuns(() => void refresh());
  const rowActions = useCallback((row: ModelRow) => modelRowMenu(row, userRole), [userRole]);
  const onRowAction = useCallback((row: ModelRow, action: RowAction) => runModelCommand(action.id, row), []);

  let body: ReactNode = null;
  if (!first && isLoading) body = <Spinner label="Loading the models" />;
  else if (!first && error) {
    body = (
      <EmptyState title="Could not load the models" message={error.message}>
        <Button onClick={() => void refresh()}>Try again</Button>
      </EmptyState>
    );
  } else if (first) {
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
        rowLabel={(row) => `Model ${row.id} of ${row.profile_name}`}
        autoFocus
        toolbar={
          <span className="flex items-center gap-2 text-xs text-muted" aria-live="polite">
            {isLoading || loadingMore ? <Spinner label="Loading" /> : null}
            <span data-testid="models-total">
              {meta.total_is_estimate ? '≈ ' : ''}
              {count.format(meta.total_number_of_models)} models
            </span>
          </span>
        }
        empty={
          <EmptyState title="No models" message={error ? error.message : 'No model matches these filters.'}>
            {state.filters.length ? (
              <Button onClick={() => setState({ ...state, filters: [] })}>Clear filters</Button>
            ) : null}
          </EmptyState>
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
