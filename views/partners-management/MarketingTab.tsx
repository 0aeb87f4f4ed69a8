import { useCallback } from 'react';
import { api } from '../../domain/api';
import type { MarketingActivityRow } from '../../domain/partner-marketing';
import { useSession } from '../../src/session/store';
import type { RowAction } from '../../src/ui/table';
import { AreaTable } from './AreaTable';
import { areaRowMenu, moneyText, runWithRow, text } from './row-menu';

function marketingPrefill(row: MarketingActivityRow, action: RowAction): Record<string, string> {
  if (action.id !== 'marketing-activity.edit') return { marketing_activity_id: String(row.id) };
  return {
    marketing_activity_id: String(row.id),
    activity_name: row.activity_name,
    owner_tp_user_id: text(row.owner_tp_user_id),
    cost: moneyText(row.cost),
    start_date: row.start_date,
    num_of_activity_days: String(row.num_of_activity_days),
    description: row.description,
    base_url: row.base_url,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_content: text(row.utm_content),
    slug: text(row.slug),
    previous_slug: text(row.slug),
    app_type: row.app_type,
    ref_id: String(row.ref_id),
    updated_at: row.updated_at,
  };
}

const rowsOf = (answer: { marketing_activities: MarketingActivityRow[] }) => answer.marketing_activities;

/** Marketing activities tab: our own campaigns, with the same links and tracking as partner activities. */
export function MarketingTab() {
  const { userRole } = useSession();
  const rowActions = useCallback(
    (row: MarketingActivityRow) => areaRowMenu('marketingActivity', row.quick_actions, userRole),
    [userRole],
  );
  const onRowAction = useCallback(
    (row: MarketingActivityRow, action: RowAction) => runWithRow(action, marketingPrefill(row, action)),
    [],
  );
  return (
    <AreaTable
      id="marketing-activities"
      label="Marketing activities"
      endpoint={api.marketingActivities.filter}
      rowsOf={rowsOf}
      totalOf={(answer) => answer.meta.total_number_of_marketing_activities}
      noun="marketing activities"
      rowLabel={(row) => row.activity_name}
      rowActions={rowActions}
      onRowAction={onRowAction}
    />
  );
}
