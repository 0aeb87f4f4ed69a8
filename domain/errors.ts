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
  abusive_not_flagged: { status: 409, message: 'This customer is not flagged as abusive: there is no flag to ignore' },
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
  email_not_found: { status: 404, message: 'No e-mail with this id (to this customer)' },
  charge_not_found: { status: 404, message: 'No charge with this id (for this customer)' },
  profile_not_found: { status: 404, message: 'No profile with this id' },
  model_not_found: { status: 404, message: 'This profile has no model with this id' },
  profile_deleted: { status: 409, message: 'This profile is deleted: recover it first' },
  profile_not_deleted: { status: 409, message: 'This profile is not deleted' },
  profile_not_draft: {
    status: 409,
    message: 'Only a DRAFT profile (no model yet) can be sent for manual training: this one has a model',
  },
  profile_training: { status: 409, message: 'A model of this profile is training already' },
  profile_limit: { status: 409, message: 'The customer has as many profiles as their plan allows' },
  profile_already_owned: { status: 409, message: 'This profile is the customer’s own already' },
  teaching_in_queue: { status: 409, message: 'A teaching project of this profile is waiting already' },
  project_not_found: { status: 404, message: 'No editing project with this id' },
  project_in_queue: { status: 409, message: 'This project is in the queue already: it has not been delivered yet' },
  project_not_delivered: { status: 409, message: 'This project is not delivered yet: there is nothing to send' },
  video_project_not_found: { status: 404, message: 'No video project with this id' },
  download_link_invalid: {
    status: 403,
    message: 'This download link is not valid (it was altered or cut short); ask for a new download link',
  },
  download_link_expired: {
    status: 403,
    message: 'This download link has expired (links work for 10 minutes); ask for a new download link',
  },
  audit_export_link_invalid: {
    status: 403,
    message: 'This export link is not valid (it was altered or cut short); export again from the audit page',
  },
  audit_export_link_expired: {
    status: 403,
    message: 'This export link has expired (links work for 10 minutes); export again from the audit page',
  },
  refund_amount_invalid: { status: 422, message: 'amount: must be more than 0 and at most what is left to refund' },
  project_not_refundable: { status: 409, message: 'Nothing was paid for this project: there is nothing to refund' },
  refund_card_unavailable: {
    status: 409,
    message: 'No card charge billed this project, so it cannot go back to a card; refund it as credit',
  },
  refund_declined: { status: 402, message: 'The payment provider refused the refund; nothing was refunded' },
  share_limit: { status: 409, message: 'This profile is shared with 3 people already, the most it can be' },
  already_shared: { status: 409, message: 'This profile is shared with this address already' },
  share_with_owner: { status: 409, message: 'This is the owner’s own address: the profile is theirs already' },
  share_not_found: { status: 404, message: 'This profile is not shared with this address' },
  bulk_too_many_ids: {
    status: 403,
    message:
      'A bulk run by ids names at most 50 customers unless your role sees every customer; select fewer, or ask an admin',
  },
  bulk_ids_not_visible: {
    status: 403,
    message: 'A bulk run by ids may only name customers that exist and your role can open',
  },
  bulk_run_not_visible: {
    status: 403,
    message: 'A bulk run’s rows are shown to the person who started it and to roles that see every customer',
  },
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
  promotion_link_not_found: { status: 404, message: 'No promotion link with this id' },
  promotion_link_revoked: { status: 409, message: 'This promotion link is already revoked' },
  promotion_slug_taken: { status: 409, message: 'Another promotion link already uses this slug; choose another' },
  banner_not_found: { status: 404, message: 'No banner with this id' },
  banner_order_mismatch: { status: 400, message: 'Name every banner exactly once to reorder them' },
  upload_not_found: {
    status: 400,
    message: 'No uploaded image with this id: upload it through banners/upload_urls first',
  },
  upload_link_invalid: { status: 403, message: 'This upload URL is not valid (its signature does not match)' },
  upload_link_expired: { status: 403, message: 'This upload URL has expired; ask for a new one' },
  upload_link_used: { status: 403, message: 'This upload URL was already used; each URL takes one file' },
  upload_too_large: { status: 400, message: 'The file is too large' },
  upload_not_image: { status: 400, message: 'The file is not a PNG, JPEG or WebP image (checked by its content)' },
  upload_bad_dimensions: { status: 400, message: 'The image’s dimensions are outside the limits' },
  upload_not_uploaded: { status: 400, message: 'Nothing was uploaded to this URL yet: PUT the file first' },
  upload_not_in_bucket: {
    status: 400,
    message: 'This server stores uploads itself: the PUT to the upload URL already checked and stored the file',
  },
  file_store_failed: { status: 502, message: 'The file store did not answer; try again' },
  ab_test_not_found: { status: 400, message: 'No A/B test with this id' },
  ab_test_finished: { status: 409, message: 'This A/B test is already finished' },
  ab_test_feature_taken: { status: 409, message: 'Another A/B test already tests this feature id' },
  broadcast_not_found: { status: 404, message: 'No notification with this id' },
  broadcast_empty_segment: { status: 400, message: 'No customer matches this segment: there is nobody to send it to' },
  broadcast_nothing_to_retry: {
    status: 409,
    message: 'Every recipient of this notification was reached, or its sending is not over: there is nothing to retry',
  },
  broadcast_not_running: { status: 409, message: 'This notification is not being sent (it is finished or cancelled)' },
  unknown_model: { status: 404, message: 'No model with this id' },
  model_locked: { status: 409, message: 'This model is locked: unlock it first' },
  model_state_refused: { status: 409, message: 'This model cannot move to that state from the state it is in' },
  model_fail_needs_reason: { status: 400, message: 'reason: say why the model failed' },
  model_already_locked: { status: 409, message: 'This model is locked already' },
  model_not_locked: { status: 409, message: 'This model is not locked' },
  model_project_not_found: { status: 404, message: 'This model has no training project with this id' },
  model_project_unchanged: { status: 409, message: 'This training project is that way already' },
  model_selection_invalid: {
    status: 400,
    message: 'The sidebar selection names a key or value this model does not have',
  },
  partner_not_found: { status: 404, message: 'No partner with this id' },
  partner_email_taken: { status: 409, message: 'email: another partner already uses this e-mail' },
  partner_ref_taken: { status: 409, message: 'ref: another partner already uses this ref' },
  partner_has_activities: {
    status: 409,
    message: 'This partner still has activities: delete them (or move them to another partner) first',
  },
  partner_owner_unknown: { status: 400, message: 'owner_tp_user_id: no active staff member who may own partners' },
  partner_user_unknown: { status: 400, message: 'user_id: no customer with this id' },
  activity_not_found: { status: 404, message: 'No partner activity with this id' },
  marketing_activity_not_found: { status: 404, message: 'No marketing activity with this id' },
  utm_set_taken: {
    status: 409,
    message: 'utm_campaign: another activity already uses this utm_source + utm_campaign + utm_content',
  },
  slug_taken: { status: 409, message: 'slug: this short link is taken; choose another' },
  campaign_exists: { status: 409, message: 'name: a campaign with this name exists already' },
  bundle_not_found: { status: 404, message: 'No bundle with this id' },
  bundle_action_unavailable: { status: 409, message: 'This bundle’s state does not offer this action' },
  bundle_photos_mismatch: { status: 400, message: 'photos: name every photo of the bundle exactly once' },
  bulk_run_empty: { status: 422, message: 'The selection matches no customer: there is nothing to run' },
  bulk_run_needs_confirmation: {
    status: 422,
    message: 'This run is over 100,000 customers: confirm it a second time (confirm_over_max)',
  },
  bulk_run_too_large: { status: 422, message: 'A bulk run acts on at most 2,000,000 customers; narrow the filter' },
  bulk_run_not_found: { status: 404, message: 'No bulk run with this id' },
  bulk_run_not_yours: { status: 403, message: 'Only the staff member who started this run can change it' },
  bulk_run_finished: { status: 409, message: 'This run has finished: there is nothing to cancel' },
  bulk_run_not_finished: {
    status: 409,
    message: 'This run is still going: retry its failed rows once it has finished',
  },
  bulk_run_nothing_failed: { status: 409, message: 'No row of this run failed: there is nothing to retry' },
  staff_not_found: { status: 404, message: 'No staff member with this id' },
  staff_email_taken: { status: 409, message: 'email: a staff account with this e-mail exists already' },
  last_active_admin: {
    status: 409,
    message: 'This is the last active ADMIN: make someone else ADMIN first, or nobody could manage staff',
  },
  staff_already_active: { status: 409, message: 'This staff account is active already' },
  staff_already_deactivated: { status: 409, message: 'This staff account is deactivated already' },
  invitation_invalid: {
    status: 400,
    message: 'This link is not valid any more (used, replaced or expired): ask an admin for a new invitation',
  },
  password_common: { status: 400, message: 'password: this is one of the most common passwords; choose another' },
  integration_disabled: { status: 403, message: 'This integration is not configured on this server' },
  integration_signature_missing: {
    status: 401,
    message: 'The request is not signed: send Loupe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 hex>',
  },
  integration_signature_invalid: { status: 401, message: 'The signature does not match the request body' },
  integration_signature_expired: {
    status: 401,
    message: 'The signature is more than 5 minutes old or ahead: sign each request when it is sent',
  },
  integration_event_replayed: { status: 409, message: 'This event id was received already: nothing changed' },
  integration_transition_refused: {
    status: 409,
    message: 'This event does not follow from the state the project or model is in: nothing changed',
  },
  service_token_invalid: { status: 401, message: 'Missing or wrong service token (Authorization: Bearer …)' },
  link_not_found: { status: 404, message: 'No such link: it was never issued, or was cut short' },
  link_used: { status: 410, message: 'This link was used already: each opens once' },
  link_expired: { status: 410, message: 'This link has expired: ask for a new one' },
  promotion_reference_invalid: {
    status: 400,
    message:
      'This promotion reference was changed or cut short: send the `promotion` value the landing redirect carried',
  },
  promotion_expired: { status: 410, message: 'This offer has expired: its promotion link can no longer be used' },
  promotion_withdrawn: { status: 410, message: 'This offer was withdrawn: its promotion link was revoked' },
  promotion_already_redeemed: {
    status: 409,
    message: 'This customer has used this promotion link already: each customer may use a link once',
  },
  approval_required: {
    status: 403,
    message: 'This amount is above what your role may give or refund alone: request a second person’s approval',
  },
  approval_not_found: { status: 404, message: 'No approval request with this id' },
  approval_own_request: {
    status: 403,
    message: 'A second person must decide: you cannot approve or reject your own request',
  },
  approval_decided: { status: 409, message: 'This request has been decided already' },
  approval_expired: { status: 410, message: 'This request has expired (requests wait 24 hours); ask for a new one' },
  undo_not_found: { status: 404, message: 'No command with this number in the audit trail' },
  undo_not_reversible: { status: 400, message: 'This command cannot be undone' },
  undo_forbidden: {
    status: 403,
    message: 'Someone else ran this command, and your role may not run its reverse',
  },
  undo_stale: { status: 409, message: 'The record changed since this command; it was not undone' },
  undo_done: { status: 409, message: 'This command was undone already' },
  undo_expired: { status: 410, message: 'Commands can be undone for 10 minutes only; this one is older' },
  preview_stale: {
    status: 409,
    message: 'What the preview showed has changed since; look at the fresh preview and confirm again',
  },
  if_match_invalid: {
    status: 400,
    message: 'If-Match: name at most 20 records as "kind:id@version", comma-separated, each quoted',
  },
  live_streams_exceeded: {
    status: 429,
    message: 'Too many live streams open for this staff member; close some console tabs',
  },
  presence_invalid: { status: 400, message: 'A presence beat names its tab, the records it shows and what it does' },
  live_watch_invalid: {
    status: 400,
    message: 'watch: name at most 20 records as kind:id, comma-separated (e.g. customer:57,project:9)',
  },
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
