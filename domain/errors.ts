/**
 * The error catalogue: every error the API answers, with its status and the message people see. Handlers throw
 * by code (`fail('customer_not_found')`); the console shows `detail` as is, so each message is written once, here.
 */
export const errorCatalogue = {
  validation_failed: { status: 400, message: 'The request is not valid' },
  malformed_json: { status: 400, message: 'The request body is not valid JSON' },
  json_too_deep: {
    status: 400,
    message: 'The request body is nested too deeply: at most 64 levels of objects and arrays',
  },
  idempotency_key_missing: { status: 400, message: 'This action moves money and needs an Idempotency-Key header' },
  not_authenticated: { status: 401, message: 'Not signed in' },
  token_expired: { status: 401, message: 'Signature has expired' },
  token_invalid: { status: 401, message: 'The session token is not valid; sign in again' },
  session_revoked: { status: 401, message: 'This session has ended; sign in again' },
  staff_deactivated: { status: 401, message: 'This staff account is deactivated' },
  refresh_invalid: { status: 401, message: 'The refresh token is not valid; sign in again' },
  refresh_reused: {
    status: 401,
    message: 'This refresh token was already used; the session has been ended for safety',
  },
  forbidden: { status: 403, message: 'Insufficient permissions' },
  xsrf_failed: { status: 403, message: 'Missing or wrong cross-site request token (X-XSRF-TOKEN); reload the page' },
  not_found: { status: 404, message: 'No such call' },
  customer_not_found: { status: 404, message: 'No customer with this id' },
  already_suspended: { status: 409, message: 'This customer is already suspended' },
  not_suspended: { status: 409, message: 'This customer is not suspended' },
  stale_version: {
    status: 409,
    message: 'Someone else changed this record since you opened it; reload to see their change',
  },
  credit_cap_exceeded: {
    status: 403,
    message: 'Your role may give only a capped amount of credit per action; ask a PL2, a master or an admin for more',
  },
  credit_daily_cap_exceeded: {
    status: 403,
    message: 'Your role may give only a capped amount of credit per customer per day; ask a PL2, a master or an admin',
  },
  notification_not_found: { status: 404, message: 'This customer has no notification with this id' },
  referred_user_not_found: { status: 404, message: 'No customer with this id or e-mail to record as referred' },
  email_taken: { status: 409, message: 'Another customer already uses this e-mail' },
  self_referral: { status: 409, message: 'A customer cannot refer themselves' },
  already_referred: { status: 409, message: 'That customer is already recorded as referred by someone' },
  referral_cycle: {
    status: 409,
    message:
      'That customer already refers this one, directly or through others; a referral cannot go round in a circle',
  },
  abusive_already_ignored: { status: 409, message: 'This customer’s abusive flag is already ignored' },
  abusive_not_ignored: { status: 409, message: 'This customer’s abusive flag is not ignored' },
  culling_plan_active: { status: 409, message: 'This customer has a paid culling plan; terminate it first' },
  no_culling_plan: { status: 409, message: 'This customer has no culling plan to terminate' },
  contract_exists: {
    status: 409,
    message: 'This customer already has a running yearly contract; upgrade or cancel it instead of creating another',
  },
  no_contract: { status: 409, message: 'This customer has no running yearly contract' },
  contract_not_an_upgrade: {
    status: 400,
    message: 'An upgrade must add edits: choose more edits than the running contract has',
  },
  contract_currency_mismatch: {
    status: 400,
    message: 'A contract is in the customer’s own currency; change the customer’s currency first',
  },
  contract_year_over: {
    status: 409,
    message: 'This contract’s year is over: it can no longer be upgraded or cancelled, only renewed',
  },
  contract_changed: {
    status: 409,
    message: 'The contract changed while this was being priced; reopen the form to see the new numbers',
  },
  contract_payment_in_progress: {
    status: 409,
    message: 'Another payment for this customer’s contract is being charged; wait a moment and reopen the form',
  },
  idempotency_in_progress: { status: 409, message: 'The same request is still being processed; try again in a moment' },
  idempotency_key_reused: { status: 422, message: 'This Idempotency-Key was already used with a different request' },
  bad_credentials: { status: 422, message: 'Wrong e-mail or password' },
  too_many_attempts: { status: 429, message: 'Too many failed sign-ins; try again later' },
  rate_limited: { status: 429, message: 'Too many requests from this address without signing in; try again shortly' },
  payload_too_large: { status: 413, message: 'The request body is too large' },
  unsupported_media_type: { status: 415, message: 'Send the request body as JSON (Content-Type: application/json)' },
  payment_declined: { status: 402, message: 'The card was declined' },
  no_payment_method: {
    status: 409,
    message: 'This customer has no card on file; send them a payment link to add one',
  },
  price_changed: {
    status: 409,
    message: 'The price changed since the preview; review the new numbers and confirm again',
  },
  payment_in_progress: {
    status: 409,
    message: 'Another payment for this customer is in progress; wait for it to finish, then look at the charges again',
  },
  payment_key_mismatch: {
    status: 422,
    message: 'This payment was already sent to the provider with different details; start the action again',
  },
  payment_provider_unavailable: {
    status: 503,
    message: 'The payment provider did not answer; nothing was recorded. Try again: the card will not be charged twice',
  },
  no_failed_charge: {
    status: 409,
    message: 'This customer has no failed charge to retry: their last charge went through or was already retried',
  },
  charge_not_found: { status: 404, message: 'No charge with this id (for this customer)' },
  profile_not_found: { status: 404, message: 'No profile with this id' },
  model_not_found: { status: 404, message: 'This profile has no model with this id' },
  profile_deleted: { status: 409, message: 'This profile is deleted: recover it first' },
  profile_not_deleted: { status: 409, message: 'This profile is not deleted' },
  profile_training: { status: 409, message: 'A model of this profile is training already' },
  profile_limit: { status: 409, message: 'The customer has as many profiles as their plan allows' },
  project_not_found: { status: 404, message: 'No editing project with this id' },
  project_in_queue: { status: 409, message: 'This project is in the queue already: it has not been delivered yet' },
  share_limit: { status: 409, message: 'This profile is shared with 3 people already, the most it can be' },
  already_shared: { status: 409, message: 'This profile is shared with this address already' },
  share_with_owner: { status: 409, message: 'This is the owner’s own address: the profile is theirs already' },
  share_not_found: { status: 404, message: 'This profile is not shared with this address' },
  loud_share_forbidden: {
    status: 403,
    message: 'Your role may share profiles silently only (announcing a share needs share_profiles_loud)',
  },
  model_not_revertible: {
    status: 409,
    message: 'Only a finished model (ready or deprecated) that the profile does not use now can be reverted to',
  },
  no_invoice_for_charge: {
    status: 409,
    message: 'This charge has no invoice: only succeeded charges are invoiced (a failed charge moved no money)',
  },
  invoice_link_invalid: {
    status: 403,
    message: 'This invoice link is not valid (it was altered or cut short); ask for a new download link',
  },
  invoice_link_expired: {
    status: 403,
    message: 'This invoice link has expired (links work for 5 minutes); ask for a new download link',
  },
  same_currency: { status: 400, message: 'The customer already pays in this currency; choose another one' },
  currency_change_failed_charge: {
    status: 409,
    message: 'This customer has a failed charge outstanding; retry it before changing their currency',
  },
  currency_change_in_progress: {
    status: 409,
    message: 'A currency change for this customer is already being charged; wait for it to finish',
  },
  currency_changed_meanwhile: {
    status: 409,
    message: 'The customer’s currency or balance changed while this was being charged; review the preview again',
  },
  currency_change_contract: {
    status: 409,
    message: 'This customer has a running yearly contract in their currency; cancel it first (reason: currency change)',
  },
  exchange_rate_missing: { status: 409, message: 'No exchange rate is set for these currencies; ask an admin' },
  exchange_rate_same_currency: { status: 400, message: 'An exchange rate needs two different currencies' },
  internal: { status: 500, message: 'Server Error - Contact Support' },
  audit_unavailable: {
    status: 503,
    message: 'The call could not be recorded in the audit trail, so it was not carried out; try again',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The JSON body of every error answer. `code` is the catalogue's key; `field` names the invalid input, if any. */
export interface ErrorAnswer {
  detail: string;
  code: ErrorCode;
  field?: string;
}
