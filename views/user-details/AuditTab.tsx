import { api } from '../../domain/api';
import { auditOutcomeLabels } from '../../domain/audit';
import { callLabel, labelOf } from '../../domain/labels';
import { roleLabels } from '../../domain/roles';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { DetailTable } from './DetailTable';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

const outcomeTone = {
  ok: 'bg-success-soft text-success',
  refused: 'bg-warning-soft text-warning',
  failed: 'bg-danger-soft text-danger',
} as const;

/** Audit: the staff actions taken on this customer (who, what, when, outcome), newest first. */
export function AuditTab({ row }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.audit, { params: { user_id: row.id } });
  if (!data) return <TabState what="the audit log" loading={isLoading} error={error} />;
  return (
    <DetailTable
      label="Audit log"
      rows={data.entries}
      rowKey={(entry) => entry.id}
      empty="No staff action on this customer yet."
      columns={[
        { header: 'When', cell: (entry) => formatDateTime(entry.at) },
        {
          header: 'Who',
          cell: (entry) =>
            entry.staff ? (
              <>
                {entry.staff.name}
                {entry.staff.role ? (
                  <span className="ml-1 text-xs text-muted">{labelOf(roleLabels, entry.staff.role)}</span>
                ) : null}
              </>
            ) : (
              <span className="text-faint">system</span>
            ),
        },
        { header: 'What', cell: (entry) => callLabel(entry.call_id) },
        {
          header: 'Outcome',
          cell: (entry) => (
            <span className="flex flex-col gap-0.5">
              <span className={`w-fit rounded px-1.5 py-0.5 text-[11px] font-medium ${outcomeTone[entry.outcome]}`}>
                {labelOf(auditOutcomeLabels, entry.outcome)} · {entry.status}
              </span>
              {entry.detail ? <span className="text-xs text-muted">{entry.detail}</span> : null}
            </span>
          ),
        },
      ]}
    />
  );
}
