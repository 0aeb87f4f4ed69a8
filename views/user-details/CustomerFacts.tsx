import type { CustomerRow } from '../../domain/users';
import {
  cullingLabel,
  formatDateTime,
  formatOptionalMoney,
  subscriptionLabel,
  suspendReasonLabel,
} from '../users/customer-format';
import { FactGroup } from './FactGroup';

/**
 * The customer's row beyond the details form, read-only, grouped the way support reads them. What the page header
 * already says (status) and the read-only panel shows (currency) is not repeated here.
 */
export function CustomerFacts({ row }: { row: CustomerRow }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <FactGroup
        title="Account"
        items={[
          ['Username', row.username],
          ['Customer since', formatDateTime(row.date_added)],
          ['Last updated', formatDateTime(row.last_updated_row)],
        ]}
      />
      <FactGroup
        title="Subscription"
        items={[
          ['Editing', subscriptionLabel(row.subscription_type)],
          ['Culling', cullingLabel(row.culling_subscription_type)],
          ['Profiles', row.profiles_exist_max],
          ['Charge date', formatDateTime(row.charge_date)],
          ['Last charge', formatOptionalMoney(row.last_charge_amount)],
          ['Payment link', row.payment_link],
        ]}
      />
      <FactGroup
        title="Trial"
        items={[
          ['Trial photos', row.photos_for_trial],
          ['Trial photos left', row.remaining_photos_for_trial],
        ]}
      />
      <FactGroup
        title="Charges"
        items={[
          ['Charge failed', row.charge_failed],
          ['Failed amount', formatOptionalMoney(row.failed_charge_amount)],
          ['Failure reason', row.failed_charge_reason],
          ['Retries', row.number_of_charge_retries],
          ['Retry up to project', row.max_proj_id_for_charge_retry],
        ]}
      />
      <FactGroup
        title="Flags"
        items={[
          ['Suspended on', row.suspended_user ? formatDateTime(row.suspended_user_date) : null],
          ['Suspend reason', suspendReasonLabel(row.suspend_reason)],
          ['Suspend description', row.suspend_description],
          ['Abusive suspicious', row.abusive_suspicious],
          ['Abusive flag ignored', row.abusive_ignore],
          ['Partner', row.is_partner],
          ['Managed by CSM', row.is_managed_by_csm],
        ]}
      />
      <FactGroup
        title="Marketing"
        items={[
          ['Referred by', row.referred_by],
          ['Affiliate', row.affiliate],
          ['Referred sign-ups', row.referred_users.signups],
          ['Referred subscribers', row.referred_users.subscribed],
          ['UTM source', row.utm_source],
          ['UTM campaign', row.utm_campaign],
          ['UTM content', row.utm_content],
          ['E-mails opened', row.opened_email_cnt],
          ['E-mails clicked', row.clicked_email_cnt],
        ]}
      />
    </div>
  );
}
