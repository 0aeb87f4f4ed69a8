import { useCallback } from 'react';
import { forbiddenReason, permitted } from '../../../commands/access';
import { commandById } from '../../../commands/index';
import { runCommand } from '../../../commands/runner';
import { api } from '../../../domain/api';
import { refusalOf } from '../../../domain/labels';
import { can } from '../../../domain/permissions';
import { roleLabels, roles } from '../../../domain/roles';
import { type StaffRow, staffStatuses, staffStatusLabels } from '../../../domain/staff';
import type { Header } from '../../../domain/tables';
import { useCall } from '../../../src/http';
import { useSession } from '../../../src/session/store';
import { Button } from '../../../src/ui/Button';
import { EmptyState } from '../../../src/ui/EmptyState';
import { PageHeader } from '../../../src/ui/PageHeader';
import { Spinner } from '../../../src/ui/Spinner';
import { DataTable, localColumn, type RowAction } from '../../../src/ui/table';
import { useRefreshAfterRuns } from '../../users/use-refresh-after-runs';
import { OperationsTabs } from '../OperationsTabs';

const headers: readonly Header[] = [
  // The id the staff commands take (their chooser shows it too).
  localColumn('id', 'ID', 'NUMBER'),
  localColumn('name', 'Name', 'TEXT'),
  localColumn('email', 'E-mail', 'TEXT'),
  localColumn('role', 'Role', 'TAG', { options: [...roles], option_labels: roleLabels }),
  localColumn('status', 'Status', 'STATUS', { options: [...staffStatuses], option_labels: staffStatusLabels }),
  localColumn('created_at', 'Created', 'DATETIME'),
  localColumn('last_sign_in', 'Last sign-in', 'DATETIME'),
  localColumn('active_sessions', 'Sessions', 'NUMBER'),
  localColumn('failed_sign_ins', 'Failed (24 h)', 'NUMBER'),
  localColumn('menu', '', 'ROW_MENU'),
];

/** The staff commands a row offers, for its state. */
function actionsOf(row: StaffRow): string[] {
  const ids = ['staff.change-role', 'staff.end-sessions'];
  ids.push(row.status === 'DEACTIVATED' ? 'staff.activate' : 'staff.deactivate');
  return ids;
}

/**
 * Staff (`/operations-center/staff`, assign_roles: ADMIN): every account with role, status, last sign-in, sessions
 * and failed sign-ins; Invite, and per row (the menu: `.`) change role, deactivate or activate, end sessions. Each is
 * a command (palette, deep link), so the same checks run whichever way it starts.
 */
export default function StaffPage() {
  const { userRole } = useSession();
  const allowed = can(userRole, 'assign_roles');
  const { data, error, isLoading, mutate } = useCall(api.staffAccounts.list, allowed ? {} : null);
  useRefreshAfterRuns(() => void mutate());
  const rowActions = useCallback(
    (row: StaffRow & { id: number }): RowAction[] =>
      actionsOf(row).flatMap((id) => {
        const command = commandById(id);
        if (!command) return [];
        return [
          {
            id,
            label: command.title,
            ...(permitted(command, userRole) ? {} : { disabledReason: forbiddenReason(command) }),
          },
        ];
      }),
    [userRole],
  );
  if (!allowed) {
    return <EmptyState title="Staff is for admins" message={`${refusalOf('assign_roles', 'manage staff')}.`} />;
  }
  if (!data && isLoading) return <Spinner label="Loading the staff" />;
  const rows = (data?.staff ?? []).map((row) => ({ ...row, name: `${row.first_name} ${row.last_name}` }));
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title="Staff"
        subtitle="Who may do what: roles take effect at each person's next request"
        actions={
          <Button variant="primary" onClick={() => void runCommand('staff.invite', { origin: 'button' })}>
            Invite staff member
          </Button>
        }
      >
        <OperationsTabs />
      </PageHeader>
      <div className="p-4 md:px-6">
        <DataTable
          id="operations.staff"
          label="Staff"
          headers={headers}
          rows={rows}
          state={{ filters: [] }}
          onStateChange={() => {}}
          filterable={false}
          columnSelection={false}
          rowActions={rowActions}
          onRowAction={(row, action) =>
            void runCommand(action.id, { prefill: { staff_id: String(row.id) }, origin: 'row-menu' })
          }
          rowLabel={(row) => row.name}
          autoFocus
          className="h-[calc(100vh-160px)] min-h-60"
          empty={<EmptyState title={error ? 'Could not load the staff' : 'No staff yet'} message={error?.message} />}
        />
      </div>
    </div>
  );
}
