import { useCallback } from 'react';
import { api } from '../../domain/api';
import type { ActivityRow } from '../../domain/partner-activities';
import { useSession } from '../../src/session/store';
import type { RowAction } from '../../src/ui/table';
import { AreaTable } from './AreaTable';
import { areaRowMenu, moneyText, runWithRow, text } from './row-menu';

function activityPrefill(row: ActivityRow, action: RowAction): Record<string, string> {
  if (action.id !== 'activity.edit') return { activity_id: String(row.id) };
  return {
    activity_id: String(row.id),
    partner_id: String(row.partner_id),
    type: row.type,
    description: row.description,
    cost: moneyText(row.cost),
    event_date: text(row.event_date),
    base_url: row.base_url,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_content: text(row.utm_content),
    slug: text(row.slug),
    previous_slug: text(row.slug),
    app_type: row.app_type,
    ignore_subscriber_grant: String(row.ignore_subscriber_grant),
    updated_at: row.updated_at,
  };
}

const rowsOf = (answer: { activities: ActivityRow[] }) => answer.activities;

/** Partner activities tab: each activity's link, short link and (view_tracking) what it brought. */
export function ActivitiesTab() {
  const { userRole } = useSession();
  const rowActions = useCallback(
    (row: ActivityRow) => areaRowMenu('activity', row.quick_actions, userRole),
    [userRole],
  );
  const onRowAction = useCallback(
    (row: ActivityRow, action: RowAction) => runWithRow(action, activityPrefill(row, action)),
    [],
  );
  return (
    <AreaTable
      id="partner-activities"
      label="Partner activities"
      endpoint={api.partnerActivities.filter}
      rowsOf={rowsOf}
      totalOf={(answer) => answer.meta.total_number_of_activities}
      noun="activities"
      rowLabel={(row) => `${row.partner_name}: ${row.utm_campaign}`}
      rowActions={rowActions}
      onRowAction={onRowAction}
    />
  );
}
