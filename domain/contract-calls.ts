import { z } from 'zod';
import { contractFieldSchema } from './contract-fields';
import { contractFormQuery, flatPrice } from './contract-form';
import { contractFormParamsSchema } from './contracts';
import { defineArea, get, idParam, post } from './endpoint';
import { currencies, moneySchema } from './money';
import { optionSchema } from './user-actions';

const userIdParams = z.object({ user_id: idParam });
const customerTarget = { kind: 'customer', param: 'user_id' } as const;

/** The spec's annual plan cancellation reasons (§4), in its order. */
export const cancelAnnualPlanReasons = [
  { value: 'TOO_EXPENSIVE', label: 'Too expensive' },
  { value: 'NOT_SATISFIED', label: 'Not satisfied' },
  { value: 'TOO_DIFFICULT', label: 'Too difficult' },
  { value: 'NO_LONGER_NEEDED', label: 'No longer needed' },
  { value: 'USE_A_COMPETITOR', label: 'Uses a competitor' },
  { value: 'CURRENCY_CHANGE', label: 'Currency change' },
  { value: 'PERSONAL_REASONS', label: 'Personal reasons' },
  { value: 'MISSING_AUTO_RENEWAL', label: 'Missed the auto-renewal' },
  { value: 'OTHER', label: 'Other' },
] as const;
export type CancelReason = (typeof cancelAnnualPlanReasons)[number]['value'];

export const contractStates = ['ACTIVE', 'UPGRADED', 'CANCELLED', 'ENDED'] as const;
export type ContractState = (typeof contractStates)[number];
export const contractStateLabels: Record<ContractState, string> = {
  ACTIVE: 'Running',
  UPGRADED: 'Upgraded',
  CANCELLED: 'Cancelled',
  ENDED: 'Ended',
};
export const renewalStates = ['AUTO_RENEWAL', 'NO_RENEWAL'] as const;
export type RenewalState = (typeof renewalStates)[number];
export const renewalStateLabels: Record<RenewalState, string> = {
  AUTO_RENEWAL: 'Auto-renewal',
  NO_RENEWAL: 'No renewal',
};
export const cancelReasonLabels = Object.fromEntries(
  cancelAnnualPlanReasons.map(({ value, label }) => [value, label]),
) as Record<CancelReason, string>;

const nullableMoney = moneySchema.nullable();

/** The running contract's tiles (spec §3 "Contract tiles") and the facts behind them. */
export const contractTilesSchema = z.object({
  id: z.number().int(),
  state: z.enum(contractStates),
  start_contract: z.string(),
  end_date: z.string(),
  /** Which month of the contract year today is (1–12). */
  month_of_contract: z.number().int(),
  total_price: moneySchema,
  monthly_payment: moneySchema,
  discount_percent: z.number(),
  total_photos: z.number().int(),
  used_photos: z.number().int(),
  remaining_photos: z.number().int(),
  price_per_photo: moneySchema,
  price_per_crop_straighten: moneySchema,
  ai_tools: z.object({
    crop: moneySchema,
    straightening: moneySchema,
    subject_mask: moneySchema,
    smooth_skin: moneySchema,
  }),
  /** Profiles used / allowed, "x/y". */
  profiles: z.string(),
  paid_under_contract: moneySchema,
  /** What the used but unpaid edits cost: what an upgrade moves to the new plan and charges there. */
  price_to_pay_for_upgrade: moneySchema,
  /** Money paid that is worth less than one edit: credited if an upgrade's charge is smaller. */
  credit_to_user_on_update: moneySchema,
  price_to_pay_on_cancellation: moneySchema,
  credit_to_user_on_cancellation: moneySchema,
  renewal_state: z.enum(renewalStates),
  next_plan_name: z.string().nullable(),
  next_plan_cc_price: nullableMoney,
  currency: z.enum(currencies),
  country: z.string(),
  created_by: z.string().nullable(),
  changed_by: z.string().nullable(),
  changed_at: z.string().nullable(),
});
export type ContractTiles = z.infer<typeof contractTilesSchema>;

export const pastContractSchema = z.object({
  id: z.number().int(),
  state: z.enum(contractStates),
  start_date: z.string(),
  end_date: z.string(),
  cancellation_reason: z.string().nullable(),
  cancellation_description: z.string().nullable(),
  total_photos: z.number().int(),
  used_photos: z.number().int(),
  price_per_edit: moneySchema,
  yearly_total: moneySchema,
});

export const monthlyUsageSchema = z.object({
  starting_date: z.string(),
  number_of_photos: z.number().int(),
  straightening: z.number().int(),
  crops: z.number().int(),
  subject_masks: z.number().int(),
  skin_smooth: z.number().int(),
  hdr_merge: z.number().int(),
  perspective_correction: z.number().int(),
  portrait_crops: z.number().int(),
  whiten_teeth: z.number().int(),
  extra_charge: moneySchema,
});

/** Form params as answered: the flat fields (what a POST takes back) and the spec's typed `input_fields`. */
export const contractFormParamsAnswer = z.object({
  ...contractFormParamsSchema.shape,
  input_fields: z.array(contractFieldSchema),
});

/** The spec's typed fields of a summary (NUMBER, PRICE, PERCENT, TEXT), beside the flat ones of the same names. */
const generalFields = { general_fields: z.array(contractFieldSchema) };

export const yearlySummaryAnswer = z.object({
  ...generalFields,
  monthly_payment: moneySchema,
  discount_percent: z.number(),
  yearly_total: moneySchema,
  gross_total: moneySchema,
  /** Charged when the contract is created: the first installment. */
  pay_now: moneySchema,
  installments: z.array(moneySchema),
});

export const upgradeSummaryAnswer = z.object({
  ...generalFields,
  new_plan_monthly_payment: moneySchema,
  old_plan_monthly_payment: moneySchema,
  payment_method: z.string(),
  finalized_monthly_payment: moneySchema,
  amount_of_unpaid_edits_moved_to_new_plan: z.number().int(),
  paid_edits: z.number().int(),
  edits_charged_under_new_plan: z.number().int(),
  remaining_balance: moneySchema,
  remaining_months: z.number().int(),
  credit_to_customer: moneySchema,
  pay_now: moneySchema,
  /** The contract year's total after the upgrade: paid so far (less any credit) plus the remaining balance. */
  new_yearly_total: moneySchema,
  discount_percent: z.number(),
  /** The remaining balance's monthly installments, largest first (one, paid now, in the last month). */
  installments: z.array(moneySchema),
});

export const cancelSummaryAnswer = z.object({
  ...generalFields,
  user_id: z.number().int(),
  rates: z.string(),
  pay_now_amount: moneySchema,
  credits_customer_will_get: moneySchema,
  used_photos: z.number().int(),
  used_value: moneySchema,
  paid_under_contract: moneySchema,
});

const paymentAnswer = {
  /** What the card was charged now (null: nothing was due). */
  charged: nullableMoney,
  charge_id: z.number().int().nullable(),
};

export const nextPeriodBody = z
  .object({
    number_of_edits: contractFormQuery.shape.number_of_edits,
    price_per_edit: flatPrice,
    renewal_state: z.enum(renewalStates, { error: 'choose AUTO_RENEWAL or NO_RENEWAL' }),
  })
  .strict();

/** What staff choose in the cancel form. */
export const cancelContractForm = z
  .object({
    reason: z.enum(cancelAnnualPlanReasons.map((reason) => reason.value) as [CancelReason, ...CancelReason[]], {
      error: 'choose one of the listed reasons',
    }),
    description: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
  })
  .strict();

const minorUnits = z.number().int('must be in minor units').min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * The cancellation, optionally with what its preview showed (pay now, credits, in minor units of the contract's
 * currency): when given and no longer true (usage was recorded since), the server answers 409 `price_changed`.
 */
export const cancelContractBody = cancelContractForm
  .extend({ expected_pay_now: minorUnits.optional(), expected_credits: minorUnits.optional() })
  .strict();

/** Yearly (corporate) contracts: tiles, history, usage, and the new / upgrade / next period / cancel flows. */
export const contracts = defineArea('contracts', {
  contract: get('users/:user_id/general_details/corporate_contract', {
    summary: 'Read the running yearly contract (tiles)',
    permission: 'user_details_read',
    params: userIdParams,
    answer: z.object({ contract: contractTilesSchema.nullable() }),
    target: customerTarget,
  }),
  history: get('users/:user_id/general_details/corporate_contract_history', {
    summary: 'Read past yearly contracts',
    permission: 'user_details_read',
    params: userIdParams,
    answer: z.object({ past_contracts: z.array(pastContractSchema) }),
    target: customerTarget,
  }),
  monthlyUsage: get('users/:user_id/general_details/corporate_contract/monthly_usage', {
    summary: 'Read the running contract’s monthly usage',
    permission: 'user_details_read',
    params: userIdParams,
    answer: z.object({ contract_id: z.number().int().nullable(), months: z.array(monthlyUsageSchema) }),
    target: customerTarget,
  }),
  defaultFormParams: get('contracts/:user_id/default_yearly_contract_form_params', {
    summary: 'Read the new contract form’s defaults',
    permission: 'new_custom_contract',
    params: userIdParams,
    answer: contractFormParamsAnswer,
    target: customerTarget,
  }),
  newSummary: get('contracts/:user_id/yearly_contract/summary/new', {
    summary: 'Price a new yearly contract',
    permission: 'new_custom_contract',
    params: userIdParams,
    query: contractFormQuery,
    answer: yearlySummaryAnswer,
    target: customerTarget,
  }),
  create: post('contracts/:user_id/yearly_contract/new', {
    summary: 'Create a yearly contract and charge its first installment',
    permission: 'new_custom_contract',
    money: true,
    params: userIdParams,
    body: contractFormParamsSchema,
    answer: z.object({ contract: contractTilesSchema, summary: yearlySummaryAnswer, ...paymentAnswer }),
    target: customerTarget,
  }),
  currentFormParams: get('contracts/:user_id/current_yearly_contract_form_params', {
    summary: 'Read the running contract’s terms as form params',
    permission: 'manage_corporate_contracts',
    params: userIdParams,
    answer: contractFormParamsAnswer,
    target: customerTarget,
  }),
  upgradeSummary: get('contracts/:user_id/yearly_contract/summary/upgrade', {
    summary: 'Price an upgrade of the running contract',
    permission: 'manage_corporate_contracts',
    params: userIdParams,
    query: contractFormQuery,
    answer: upgradeSummaryAnswer,
    target: customerTarget,
  }),
  upgrade: post('contracts/:user_id/yearly_contract/upgrade', {
    summary: 'Upgrade the running yearly contract',
    permission: 'manage_corporate_contracts',
    money: true,
    params: userIdParams,
    body: contractFormParamsSchema,
    answer: z.object({ contract: contractTilesSchema, summary: upgradeSummaryAnswer, ...paymentAnswer }),
    target: customerTarget,
  }),
  nextPeriod: post('contracts/:user_id/yearly_contract/next_period', {
    summary: 'Set the next contract year’s plan',
    permission: 'manage_corporate_contracts',
    money: true,
    params: userIdParams,
    body: nextPeriodBody,
    answer: z.object({ contract: contractTilesSchema }),
    target: customerTarget,
  }),
  cancelOptions: get('contracts/cancel_contract/cancel_annual_plan_options', {
    summary: 'List the reasons to cancel an annual plan',
    permission: 'manage_corporate_contracts',
    answer: z.array(optionSchema),
  }),
  cancelSummary: get('contracts/:user_id/cancel_contract/summary', {
    summary: 'Price cancelling the running contract',
    permission: 'manage_corporate_contracts',
    params: userIdParams,
    answer: cancelSummaryAnswer,
    target: customerTarget,
  }),
  cancel: post('contracts/:user_id/cancel_contract', {
    summary: 'Cancel the running yearly contract',
    permission: 'manage_corporate_contracts',
    money: true,
    params: userIdParams,
    body: cancelContractBody,
    answer: cancelSummaryAnswer.extend({ past_contract: pastContractSchema, ...paymentAnswer }),
    target: customerTarget,
  }),
});
