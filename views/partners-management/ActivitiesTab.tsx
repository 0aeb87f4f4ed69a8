import { api } from '../../domain/api';
import type { ActivityRow } from '../../domain/partner-activities';
import type { RowAction } from '../../src/ui/table';
import { AreaTable } from './AreaTable';
import { linkPrefill, moneyText, text } from './row-menu';

function activityPrefill(row: ActivityRow, action: RowAction): Record<string, string> {
  if (action.id !== 'activity.edit') return { activity_id: String(row.id) };
  return {
    activity_id: String(row.id),
    partner_id: String(row.partner_id),
    type: row.type,
    description: row.description,
    cost: moneyText(row.cost),
    event_date: text(row.event_date),
    ignore_subscriber_grant: String(row.ignore_subscriber_grant),
    ...linkPrefill(row),
  };
}

const rowsOf = (answer: { activities: ActivityRow[] }) => answer.activities;

/** Partner activities tab: each activity's link, short link and (view_tracking) what it brought. */
export function ActivitiesTab() {
  return (
    <AreaTable
      id="partner-activities"
      label="Partner activities"
      endpoint={api.partnerActivities.filter}
      rowsOf={rowsOf}
      totalOf={(answer) => answer.meta.total_number_of_activities}
      noun="activities"
      rowLabel={(row) => `${row.partner_name}: ${row.utm_campaign}`}
      menuKind="activity"
      prefill={activityPrefill}
    />
  );
}
