import { Link } from 'wouter';
import type { CustomerRow } from '../../domain/users';
import { formatDateTime } from '../users/customer-format';
import { FactGroup, type FactValue } from './FactGroup';

/** Who referred the customer, in words: the stored `customer:341` is a link to that customer, `partner:ACME` a partner. */
function referrer(value: string | null): FactValue {
  const [kind, id] = value?.split(':') ?? [];
  if (kind === 'customer' && id && /^\d+$/.test(id)) {
    return (
      <Link href={`/users/${id}/general`} className="text-accent hover:underline">
        Customer #{id}
      </Link>
    );
  }
  if (kind === 'partner' && id) return `Partner ${id}`;
  return value;
}

/**
 * The customer's row beyond the overview, read-only, grouped the way support reads them. What the header (status,
 * suspension, customer since) and the overview (plan, charges, credits) already say is not repeated here.
 */
export function CustomerFacts({ row }: { row: CustomerRow }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <FactGroup
        title="Account"
        items={[
          ['Username', row.username],
          ['Last updated', formatDateTime(row.last_updated_row)],
          ['Profiles', row.profiles_exist_max],
          ['Payment link', row.payment_link],
          ['Charge retries up to project', row.charge_failed ? row.max_proj_id_for_charge_retry : null],
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
        title="Flags"
        items={[
          ['Abusive suspicious', row.abusive_suspicious],
          ['Abusive flag ignored', row.abusive_ignore],
          ['Partner', row.is_partner],
          ['Managed by CSM', row.is_managed_by_csm],
        ]}
      />
      <FactGroup
        title="Marketing"
        items={[
          ['Referred by', referrer(row.referred_by)],
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
