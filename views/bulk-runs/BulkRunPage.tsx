import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { trackRun } from '../../commands/bulk/progress';
import { navigateTo, userPath } from '../../commands/navigate';
import { api } from '../../domain/api';
import { type BulkRowState, bulkRowStateLabels, bulkRowStates, bulkRunStateLabels } from '../../domain/bulk';
import type { Header } from '../../domain/tables';
import { call, revalidateCalls } from '../../src/http';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { EmptyState } from '../../src/ui/EmptyState';
import { PageHeader } from '../../src/ui/PageHeader';
import { Spinner } from '../../src/ui/Spinner';
import { DataTable, localColumn } from '../../src/ui/table';
import { toast } from '../../src/ui/toast-store';
import { bulkCommandVerb } from './labels';
import { useRunRows } from './use-run-rows';

const count = new Intl.NumberFormat('en-US');

/** The per-row results, as the shared table renders them. */
const rowHeaders: readonly Header[] = [
  localColumn('user_id', 'Customer id', 'NUMBER'),
  localColumn('name', 'Name', 'TEXT'),
  localColumn('email', 'E-mail', 'TEXT'),
  localColumn('state', 'Result', 'STATUS', { options: [...bulkRowStates], option_labels: bulkRowStateLabels }),
  localColumn('reason', 'Reason', 'TEXT'),
  localColumn('detail', 'Detail', 'TEXT'),
  localColumn('attempts', 'Attempts', 'NUMBER'),
  localColumn('updated_at', 'When', 'DATETIME'),
];

const stateFilters: readonly (BulkRowState | undefined)[] = [undefined, 'failed', 'skipped', 'done', 'cancelled'];

function isRowState(value: string | null): value is BulkRowState {
  return (bulkRowStates as readonly string[]).includes(value ?? '');
}

/**
 * A bulk run (`/bulk-runs/{id}`, deep-linkable): its state and counts, the reasons rows were skipped or failed, the
 * rows themselves (Enter opens the customer; `?state=failed` filters), Cancel while it runs, Retry failed after.
 */
export default function BulkRunPage({ id }: { id: number }) {
  const search = new URLSearchParams(useSearch());
  const [location] = useLocation();
  const raw = search.get('state');
  const state = isRowState(raw) ? raw : undefined;
  const { data, error, isLoading, rows, hasMore, loadingMore, loadMore, mutate } = useRunRows(id, state);
  const { userID } = useSession();
  const [busy, setBusy] = useState(false);

  if (!data && isLoading) return <Spinner label="Loading the run" />;
  if (!data) {
    return <EmptyState title="Could not load this run" message={error?.message ?? 'No bulk run with this id'} />;
  }
  const { run, reasons } = data;
  const mine = run.created_by.id !== null && String(run.created_by.id) === String(userID);
  const going = run.state === 'queued' || run.state === 'running';
  const act = async (action: 'cancel' | 'retry') => {
    setBusy(true);
    try {
      const endpoint = action === 'cancel' ? api.bulkRuns.cancel : api.bulkRuns.retryFailed;
      const answer = await call(endpoint, { params: { run_id: run.id } });
      if (action === 'retry') {
        trackRun(answer);
        toast({ title: `Retrying ${count.format(run.failed)} failed ${run.failed === 1 ? 'row' : 'rows'}` });
      } else {
        toast({ title: 'The run stops before its next batch' });
      }
      await mutate();
      void revalidateCalls(api.bulkRuns.get);
    } catch {
      // `call` showed the server's reason in a toast.
    } finally {
      setBusy(false);
    }
  };
  const setState = (next: BulkRowState | undefined) =>
    navigateTo(next ? `${location}?state=${next}` : location, { replace: true });
  const title = `${bulkCommandVerb(run.command)} ${count.format(run.total)} ${run.total === 1 ? 'customer' : 'customers'}`;
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title={`Bulk run #${run.id}: ${title}`}
        subtitle={`${bulkRunStateLabels[run.state]} · by ${run.created_by.name} · ${run.target === 'filter' ? 'by filter' : 'selected customers'}`}
        actions={
          mine ? (
            going ? (
              <Button variant="danger" busy={busy} onClick={() => void act('cancel')}>
                Cancel run
              </Button>
            ) : run.failed > 0 ? (
              <Button variant="primary" busy={busy} onClick={() => void act('retry')}>
                Retry {count.format(run.failed)} failed
              </Button>
            ) : null
          ) : null
        }
      />
      <div className="flex flex-col gap-3 p-4 md:px-6">
        <div className="flex flex-wrap items-center gap-4 text-sm" data-testid="bulk-run-counts">
          <progress
            className="h-2 w-48 accent-accent"
            max={Math.max(1, run.total)}
            value={run.done + run.skipped + run.failed + run.cancelled}
            aria-label="Progress"
          />
          <span className="tabular-nums">{count.format(run.done)} done</span>
          <span className="tabular-nums">{count.format(run.skipped)} skipped</span>
          <span className="tabular-nums">{count.format(run.failed)} failed</span>
          {run.cancelled > 0 ? <span className="tabular-nums">{count.format(run.cancelled)} not run</span> : null}
          <span className="text-muted">of {count.format(run.total)}</span>
        </div>
        {reasons.length > 0 ? (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
            {reasons.map((entry) => (
              <li key={`${entry.state}:${entry.reason}`}>
                {bulkRowStateLabels[entry.state]} · {entry.detail || entry.reason}:{' '}
                <span className="text-fg tabular-nums">{count.format(entry.count)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <fieldset className="flex flex-wrap gap-1" aria-label="Show rows">
          {stateFilters.map((each) => (
            <Button
              key={each ?? 'all'}
              size="sm"
              variant={each === state ? 'primary' : 'secondary'}
              aria-pressed={each === state}
              onClick={() => setState(each)}
            >
              {each ? bulkRowStateLabels[each] : 'All rows'}
            </Button>
          ))}
        </fieldset>
        <DataTable
          id="bulk-runs.rows"
          label={`Rows of bulk run ${run.id}`}
          headers={rowHeaders}
          rows={rows.map((row) => ({ ...row, id: row.ordinal }))}
          state={{ filters: [] }}
          onStateChange={() => {}}
          filterable={false}
          columnSelection={false}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onLoadMore={loadMore}
          onOpen={(row) => navigateTo(userPath(row.user_id))}
          rowLabel={(row) => row.name || `Customer #${row.user_id}`}
          className="h-[calc(100vh-300px)] min-h-60"
          empty={<EmptyState title="No rows here" message="Choose another result above." />}
        />
      </div>
    </div>
  );
}
