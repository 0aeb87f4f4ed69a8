import type { CustomerRow } from '../../../domain/users';

/** A complete customer row as the server sends it; override what a test is about. */
export function customerRow(overrides: Partial<CustomerRow> = {}): CustomerRow {
  const status = overrides.status ?? 'ACTIVE';
  return {
    id: 42,
    username: 'janedoe',
    email: 'jane.doe@example.com',
    first_name: 'Jane',
    last_name: 'Doe',
    payment_link: null,
    subscription_type: 'METERED',
    culling_subscription_type: 'NONE',
    profiles_exist_max: '1/3',
    photos_for_trial: '120/1000',
    remaining_photos_for_trial: 880,
    referred_users: { signups: 0, subscribed: 0 },
    charge_date: null,
    last_charge_amount: null,
    affiliate: null,
    charge_failed: false,
    status,
    quick_actions:
      status === 'SUSPENDED'
        ? [{ name: 'UNSUSPEND_USER', is_disabled: false, disable_message: null }]
        : [{ name: 'SUSPEND_USER', is_disabled: false, disable_message: null }],
    utm_source: null,
    utm_campaign: null,
    utm_content: null,
    referred_by: null,
    date_added: '2025-01-02T10:00:00.000Z',
    suspended_user: status === 'SUSPENDED',
    suspended_user_date: null,
    suspend_reason: null,
    suspend_description: null,
    failed_charge_amount: null,
    failed_charge_reason: null,
    max_proj_id_for_charge_retry: null,
    number_of_charge_retries: 0,
    last_updated_row: '2025-01-02T10:00:00.000Z',
    opened_email_cnt: 0,
    clicked_email_cnt: 0,
    business_name: 'Doe Photography',
    vat_id: null,
    country: 'GB',
    address: null,
    abusive_suspicious: false,
    abusive_ignore: false,
    is_partner: false,
    is_managed_by_csm: false,
    currency: 'GBP',
    ...overrides,
  };
}

/** The answer of `GET users/:id` and of the search for these rows. */
export function usersAnswer(...rows: CustomerRow[]) {
  return { headers: [], users: rows };
}
