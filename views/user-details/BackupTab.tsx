import { api } from '../../domain/api';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { FactGroup } from './FactGroup';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** Backup: the plan, the storage used, and its cancellation if any. */
export function BackupTab({ row }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.backup, { params: { user_id: row.id } });
  if (!data) return <TabState what="the backup" loading={isLoading} error={error} />;
  const share = data.total_storage_gb > 0 ? Math.min(1, data.used_storage_gb / data.total_storage_gb) : 0;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FactGroup
        title="Backup"
        items={[
          ['Plan', data.plan_info ?? 'No backup plan'],
          ['Used storage', `${data.used_storage_gb.toLocaleString()} of ${data.total_storage_gb.toLocaleString()} GB`],
          ['High-res backup', data.high_res_backup_type],
          ['Plan start', data.plan_start ? formatDateTime(data.plan_start) : null],
          ['Cancelled', data.plan_cancelled ? `Yes, ${formatDateTime(data.cancelled_at)}` : 'No'],
          ['Cancellation details', data.cancellation_details],
        ]}
      >
        <div className="px-3 pb-3">
          <meter aria-label="Storage used" min={0} max={1} value={share} className="h-2 w-full" />
        </div>
      </FactGroup>
    </div>
  );
}
