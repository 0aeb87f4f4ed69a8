import { navigateTo } from '../../commands/navigate';
import { api } from '../../domain/api';
import { bulkRunStates } from '../../domain/bulk';
import type { Header } from '../../domain/tables';
import { useCall } from '../../src/http';
import { EmptyState } from '../../src/ui/EmptyState';
import { PageHeader } from '../../src/ui/PageHeader';
import { Spinner } from '../../src/ui/Spinner';
import { DataTable, localColumn } from '../../src/ui/table';
import { bulkCommandVerb } from './labels';

const headers: readonly Header[] = [
  localColumn('id', 'Run', 'NUMBER'),
  localColumn('what', 'Command', 'TEXT'),
  localColumn('state', 'State', 'STATUS', { options: [...bulkRunStates] }),
  localColumn('total', 'Customers', 'NUMBER'),
  localColumn('done', 'Done', 'NUMBER'),
  localColumn('skipped', 'Skipped', 'NUMBER'),
  localColumn('failed', 'Failed', 'NUMBER'),
  localColumn('created_at', 'Started', 'DATETIME'),
  localColumn('finished_at', 'Finished', 'DATETIME'),
];

/** My bulk runs (`/bulk-runs`), newest first, refreshed while one goes on; Enter opens a run's page. */
export default function BulkRunsPage() {
  const { data, error, isLoading } = useCall(api.bulkRuns.list, {}, { refreshInterval: 2000 });
  if (!data && isLoading) return <Spinner label="Loading your bulk runs" />;
  const rows = (data?.runs ?? []).map((run) => ({ ...run, what: bulkCommandVerb(run.command) }));
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Bulk runs" subtitle="Yours, newest first: Enter opens a run" />
      <div className="p-4 md:px-6">
        <DataTable
          id="bulk-runs.list"
          label="My bulk runs"
          headers={headers}
          rows={rows}
          state={{ filters: [] }}
          onStateChange={() => {}}
          filterable={false}
          columnSelection={false}
          onOpen={(row) => navigateTo(`/bulk-runs/${row.id}`)}
          rowLabel={(row) => `Run ${row.id}: ${row.what} ${row.total}`}
          autoFocus
          className="h-[calc(100vh-160px)] min-h-60"
          empty={
            <EmptyState
              title={error ? 'Could not load your runs' : 'No bulk run yet'}
              message={error?.message ?? 'Select customers in All users, then run a command over them.'}
            />
          }
        />
      </div>
    </div>
  );
}
