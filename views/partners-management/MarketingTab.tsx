import { api } from '../../domain/api';
import type { MarketingActivityRow } from '../../domain/partner-marketing';
import type { RowAction } from '../../src/ui/table';
import { AreaTable } from './AreaTable';
import { linkPrefill, moneyText, text } from './row-menu';

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
    ref_id: String(row.ref_id),
    ...linkPrefill(row),
  };
}

const rowsOf = (answer: { marketing_activities: MarketingActivityRow[] }) => answer.marketing_activities;

/** Marketing activities tab: our own campaigns, with the same links and tracking as partner activities. */
export function MarketingTab() {
  return (
    <AreaTable
      id="marketing-activities"
      label="Marketing activities"
      endpoint={api.marketingActivities.filter}
      rowsOf={rowsOf}
      totalOf={(answer) => answer.meta.total_number_of_marketing_activities}
      noun="marketing activities"
      rowLabel={(row) => row.activity_name}
      menuKind="marketingActivity"
      prefill={marketingPrefill}
    />
  );
}
