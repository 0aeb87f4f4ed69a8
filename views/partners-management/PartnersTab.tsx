import { navigateTo } from '../../commands/navigate';
import { api } from '../../domain/api';
import type { PartnerRow } from '../../domain/partners';
import type { RowAction } from '../../src/ui/table';
import { AreaTable } from './AreaTable';
import { moneyText, text } from './row-menu';

/** The form values a partner row fills in (edit, delete, add activity, profile page). */
function partnerPrefill(row: PartnerRow, action: RowAction): Record<string, string> {
  if (action.id === 'activity.create') return { partner_id: String(row.id) };
  if (action.id !== 'partner.edit') return { partner_id: String(row.id) };
  return {
    partner_id: String(row.id),
    name: row.name,
    type: row.type,
    email: row.email,
    ref: row.ref,
    owner_tp_user_id: text(row.owner_tp_user_id),
    credit_per_subscriber: moneyText(row.credit_per_subscriber),
    form_of_payment: row.form_of_payment,
    trial_photos_new_user: String(row.trial_photos_new_user),
    user_id: text(row.user_id),
    count_in_reports: String(row.count_in_reports),
    skip_base_payment: String(row.skip_base_payment),
    updated_at: row.updated_at,
  };
}

const rowsOf = (answer: { partners: PartnerRow[] }) => answer.partners;

/** Beyond the server's quick actions, a partner row offers these commands. */
const partnerExtras = ['activity.create', 'partner.create-profile-page'] as const;

/** A partner's activities: the activities tab filtered to them. */
export function partnerActivitiesPath(partnerId: number): string {
  return `/partners-management/partner-activities?f=partner_id:number:eq:${partnerId}`;
}

/**
 * Partners tab: every partner, its activities, subscribers and CAC; Enter opens the partner's activities, the row menu
 * edits, deletes, adds an activity or publishes the profile page.
 */
export function PartnersTab() {
  return (
    <AreaTable
      id="partners"
      label="Partners"
      endpoint={api.partners.filter}
      rowsOf={rowsOf}
      totalOf={(answer) => answer.meta.total_number_of_partners}
      noun="partners"
      rowLabel={(row) => row.name}
      onOpen={(row) => navigateTo(partnerActivitiesPath(row.id))}
      menuKind="partner"
      extras={partnerExtras}
      prefill={partnerPrefill}
    />
  );
}
