import { runCommand } from '../../../commands/runner';
import { callLabel, refusalOf } from '../../../domain/labels';
import { can } from '../../../domain/permissions';
import { useSession } from '../../../src/session/store';
import { Button } from '../../../src/ui/Button';
import { EmptyState } from '../../../src/ui/EmptyState';
import { PageHeader } from '../../../src/ui/PageHeader';
import { Spinner } from '../../../src/ui/Spinner';
import { DataTable, formatTotal, useTableUrlState } from '../../../src/ui/table';
import { OperationsTabs } from '../OperationsTabs';
import { useAuditEntries } from './use-audit-entries';

/**
 * The audit trail (`/operations-center/audit`, ADMIN): every audited call, newest first, in the virtualized table;
 * filter by staff member (by name), role, call, target, outcome and time, all in the address; a bulk run's rows share
 * its request id (`bulk_run-42`). Export CSV (also in the palette) downloads what the filters select, streamed.
 */
export default function AuditPage() {
  const { userRole } = useSession();
  const allowed = can(userRole, 'assign_roles');
  const [state, setState] = useTableUrlState();
  const { rows, first, error, isLoading, hasMore, loadingMore, loadMore } = useAuditEntries(state, allowed);
  if (!allowed) {
    return (
      <EmptyState
        title="The audit trail is for admins"
        message={`${refusalOf('assign_roles', 'read the audit trail')}.`}
      />
    );
  }
  if (!first && isLoading) return <Spinner label="Loading the audit trail" />;
  if (!first) return <EmptyState title="Could not load the audit trail" message={error?.message} />;
  const meta = first.meta;
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title="Audit trail" subtitle="Every call that changed something, or tried to">
        <OperationsTabs />
      </PageHeader>
      <div className="p-4 md:px-6">
        <DataTable
          id="operations.audit"
          label="Audit trail"
          headers={first.headers}
          rows={rows}
          state={state}
          onStateChange={setState}
          defaultSort={meta.sort}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onLoadMore={loadMore}
          rowLabel={(row) => `${callLabel(row.call_id)} ${row.outcome} ${row.at}`}
          autoFocus
          className="h-[calc(100vh-200px)] min-h-60"
          toolbar={
            <>
              <span className="text-xs text-muted" aria-live="polite">
                <span className="font-medium text-fg tabular-nums">
                  {formatTotal(meta.total_number_of_entries, meta.total_is_estimate)}
                </span>{' '}
                entries
              </span>
              <Button onClick={() => void runCommand('audit.export-csv', { origin: 'button' })}>Export CSV</Button>
            </>
          }
          empty={<EmptyState title="Nothing matches these filters" message="Change or remove a filter." />}
        />
      </div>
    </div>
  );
}
