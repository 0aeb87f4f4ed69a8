import type { ReactNode } from 'react';
import type { CustomerRow } from '../../domain/users';
import {
  formatDateTime,
  formatOptionalMoney,
  StatusBadge,
  subscriptionLabel,
  suspendReasonLabel,
} from '../users/customer-format';

type Value = ReactNode | string | number | boolean | null;

function shown(value: Value): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="text-faint">—</span>;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

function Group({ title, items }: { title: string; items: readonly [string, Value][] }) {
  return (
    <section aria-labelledby={`group-${title}`} className="rounded-lg border border-line bg-panel">
      <h2 id={`group-${title}`} className="border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase">
        {title}
      </h2>
      <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1.5 px-3 py-2.5 text-sm">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 break-words text-fg">{shown(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Every field of the customer, read-only, grouped the way support reads them. */
export function GeneralTab({ row }: { row: CustomerRow }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <Group
        title="Contact"
        items={[
          ['First name', row.first_name],
          ['Last name', row.last_name],
          ['Username', row.username],
          ['E-mail', row.email],
          ['Business name', row.business_name],
          ['VAT id', row.vat_id],
          ['Country', row.country],
          ['Address', row.address],
          ['Customer since', formatDateTime(row.date_added)],
          ['Last updated', formatDateTime(row.last_updated_row)],
        ]}
      />
      <Group
        title="Subscription"
        items={[
          ['Editing', subscriptionLabel(row.subscription_type)],
          ['Culling', row.culling_subscription_type],
          ['Currency', row.currency],
          ['Profiles', row.profiles_exist_max],
          ['Charge date', formatDateTime(row.charge_date)],
          ['Last charge', formatOptionalMoney(row.last_charge_amount)],
          ['Payment link', row.payment_link],
        ]}
      />
      <Group
        title="Trial"
        items={[
          ['Trial photos', row.photos_for_trial],
          ['Trial photos left', row.remaining_photos_for_trial],
        ]}
      />
      <Group
        title="Charges"
        items={[
          ['Charge failed', row.charge_failed],
          ['Failed amount', formatOptionalMoney(row.failed_charge_amount)],
          ['Failure reason', row.failed_charge_reason],
          ['Retries', row.number_of_charge_retries],
          ['Retry up to project', row.max_proj_id_for_charge_retry],
        ]}
      />
      <Group
        title="Flags"
        items={[
          ['Status', <StatusBadge key="status" status={row.status} />],
          ['Suspended on', row.suspended_user ? formatDateTime(row.suspended_user_date) : null],
          ['Suspend reason', suspendReasonLabel(row.suspend_reason)],
          ['Suspend description', row.suspend_description],
          ['Abusive suspicious', row.abusive_suspicious],
          ['Abusive flag ignored', row.abusive_ignore],
          ['Partner', row.is_partner],
          ['Managed by CSM', row.is_managed_by_csm],
        ]}
      />
      <Group
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
