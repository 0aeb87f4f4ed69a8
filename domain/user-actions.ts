import { z } from 'zod';
import { defineArea, get, idParam, post } from './endpoint';
import { moneySchema } from './money';
import { cullingSchema, customerEmailSchema, paymentLinkKinds } from './user-details';
import { customerRowSchema } from './users';

const userIdParams = z.object({ user_id: idParam });
const customerTarget = { kind: 'customer', param: 'user_id' } as const;

/** A fixed list of choices, as `{value, label}`. */
export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;

function valuesOf<T extends readonly { value: string }[]>(list: T) {
  return list.map((entry) => entry.value) as [T[number]['value'], ...T[number]['value'][]];
}

/** Most trial photos one add_trial_photos action may add (add_trial_photos_capped is the only permission). */
export const trialPhotosCap = 1000;
/** Most credit a role with only give_credit_capped may give in one action, in units of the customer's currency. */
export const giveCreditCappedMax = 50;
/** Most credit anyone may give in one action (give_credit), in units of the customer's currency. */
export const giveCreditMax = 5000;
/** Most culling credits one grant may add. */
export const cullingCreditsMax = 10_000;

/** Why staff add trial photos (the spec serves the list from a call without showing it; ours). */
export const addTrialPhotosReasons = [
  { value: 'TRIAL_TOO_SHORT', label: 'Needs more photos to evaluate' },
  { value: 'TECHNICAL_ISSUE', label: 'Technical issue used up trial photos' },
  { value: 'NEW_PROFILE', label: 'Testing a new profile' },
  { value: 'PARTNER_REFERRAL', label: 'Partner or ambassador referral' },
  { value: 'EVENT_OR_WEBINAR', label: 'Event or webinar participant' },
  { value: 'SALES_REQUEST', label: 'Sales or CSM request' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Option[];

/** The spec's give-credit reasons (§3 Fixed lists), in its order. */
export const giveCreditReasons = [
  { value: 'MISSING_REFERRAL_LINK_CREDIT', label: 'Missing referral link credit' },
  { value: 'ADDED_A_REVIEW', label: 'Added a review' },
  { value: 'PRODUCT_INTERVIEW', label: 'Product interview' },
  { value: 'SUBSCRIBED_BY_MISTAKE', label: 'Subscribed by mistake' },
  { value: 'DID_NOT_REALIZE_TRIAL_ENDED', label: 'Did not realize trial ended' },
  { value: 'UNSATISFIED_WITH_EDITS_OR_PROFILE', label: 'Unsatisfied with edits or profile' },
  { value: 'DUPLICATE_PROJECT', label: 'Duplicate project' },
  { value: 'SURVEY', label: 'Survey' },
  { value: 'COUPONS', label: 'Coupons' },
  { value: 'PODCAST', label: 'Podcast' },
  { value: 'EVENT', label: 'Event' },
  { value: 'WEBINAR', label: 'Webinar' },
  { value: 'SOCIAL_MEDIA', label: 'Social media' },
  { value: 'GIVEAWAY', label: 'Giveaway' },
  { value: 'PARTNERSHIP', label: 'Partnership' },
  { value: 'CONTENT_COLLABORATION', label: 'Content collaboration' },
  { value: 'CHAMPIONS_PROGRAM', label: 'Champions program' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Option[];

/** E-mail templates staff may send with send_email. */
export const customerEmailTemplates = [
  { value: 'WELCOME_BACK', label: 'Welcome back' },
  { value: 'TRIAL_EXTENDED', label: 'Trial extended' },
  { value: 'HOW_TO_TRAIN_PROFILE', label: 'How to train your profile' },
  { value: 'PAYMENT_ISSUE', label: 'Payment issue' },
  { value: 'ACCOUNT_REVIEW', label: 'Account under review' },
  { value: 'SUPPORT_FOLLOW_UP', label: 'Support follow-up' },
] as const satisfies readonly Option[];

/** Lengths of a free culling plan, in months. */
export const freeCullingPlanMonths = [1, 3, 6, 12] as const;

/** How long a login-as link works, and it works once. */
export const loginAsLinkTtlSeconds = 300;

const note = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).default('');
const requiredReason = z
  .string({ error: 'is required' })
  .trim()
  .min(3, 'say why, in a few words')
  .max(500, 'must be at most 500 characters');

export const addTrialPhotosBody = z
  .object({
    amount: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(trialPhotosCap, `must be at most ${trialPhotosCap} (the cap per action)`),
    reason: z.enum(valuesOf(addTrialPhotosReasons), { error: 'choose one of the listed reasons' }),
    description: note(1000),
  })
  .strict();

/**
 * Give credit: `amount` in units of the customer's currency (12.5 = $12.50), at most two decimals; capped at
 * `giveCreditCappedMax` for roles with only give_credit_capped, `giveCreditMax` for give_credit.
 */
export const giveCreditBody = z
  .object({
    amount: z
      .number({ error: 'must be a number' })
      .positive('must be more than 0')
      .max(giveCreditMax, `must be at most ${giveCreditMax}`)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most two decimals'),
    reason: z.enum(valuesOf(giveCreditReasons), { error: 'choose one of the listed reasons' }),
    description: note(1000),
  })
  .strict();

export const giveCreditAnswer = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  reason: z.string(),
  description: z.string(),
  /** The credit as money in the customer's currency. */
  value: moneySchema,
});

export const sendPaymentLinkBody = z
  .object({ link: z.enum(paymentLinkKinds, { error: 'choose one of the payment links' }) })
  .strict();
export const reasonBody = z.object({ reason: requiredReason }).strict();
export const grantFreeCullingPlanBody = z
  .object({
    months: z.literal(freeCullingPlanMonths, {
      error: `choose one of ${freeCullingPlanMonths.join(', ')} months`,
    }),
  })
  .strict();
export const grantCullingCreditsBody = z
  .object({
    amount: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(cullingCreditsMax, `must be at most ${cullingCreditsMax}`),
  })
  .strict();
export const changeEmailBody = z.object({ email: customerEmailSchema }).strict();
export const addReferralBody = z
  .object({
    /** The referred customer's id or e-mail. */
    referred_user: z.string().trim().min(1, 'must not be empty').max(254, 'must be at most 254 characters'),
  })
  .strict();
export const sendEmailBody = z
  .object({
    template: z.enum(valuesOf(customerEmailTemplates), { error: 'choose one of the listed templates' }),
    note: note(2000),
  })
  .strict();

/** What an action that sends an e-mail answers: the outbox row. */
export const emailSentAnswer = z.object({ outbox_id: z.number().int(), recipient: z.string(), template: z.string() });
const userAnswer = z.object({ user: customerRowSchema });

export const userActions = defineArea('userActions', {
  addTrialPhotosReasons: get('add_trial_photos_reasons', {
    summary: 'Reasons for adding trial photos',
    permission: 'add_trial_photos_capped',
    answer: z.array(optionSchema),
  }),
  giveCreditReasons: get('give_credit_possible_reasons', {
    summary: 'Reasons for giving credit',
    permission: ['give_credit', 'give_credit_capped'],
    answer: z.array(optionSchema),
  }),
  addTrialPhotos: post('users/:user_id/actions/add_trial_photos', {
    summary: 'Add trial photos (at most 1000 per action), with a reason',
    permission: 'add_trial_photos_capped',
    params: userIdParams,
    body: addTrialPhotosBody,
    answer: userAnswer,
    target: customerTarget,
  }),
  sendResetPasswordEmail: post('users/:user_id/actions/send_reset_password_email', {
    summary: 'E-mail the customer a password-reset link',
    permission: 'reset_password',
    params: userIdParams,
    answer: emailSentAnswer,
    target: customerTarget,
  }),
  sendPaymentLink: post('users/:user_id/actions/send_payment_link', {
    summary: 'E-mail the customer one of their payment links',
    permission: 'send_payment_link',
    params: userIdParams,
    body: sendPaymentLinkBody,
    answer: emailSentAnswer.extend({ url: z.string() }),
    target: customerTarget,
  }),
  giveCredit: post('users/:user_id/actions/give_credit', {
    summary: 'Give the customer credit (give_credit_capped: at most 50 per action and 100 per customer in 24 hours)',
    permission: ['give_credit', 'give_credit_capped'],
    params: userIdParams,
    body: giveCreditBody,
    answer: giveCreditAnswer,
    money: true,
    target: customerTarget,
  }),
  ignoreAbusiveUser: post('users/:user_id/actions/ignore_abusive_user', {
    summary: 'Ignore the customer’s abusive flag',
    permission: 'user_details_edit',
    params: userIdParams,
    answer: userAnswer,
    target: customerTarget,
  }),
  undoIgnoreAbusiveUser: post('users/:user_id/actions/undo_ignore_abusive_user', {
    summary: 'Stop ignoring the customer’s abusive flag',
    permission: 'user_details_edit',
    params: userIdParams,
    answer: userAnswer,
    target: customerTarget,
  }),
  grantFreeCullingPlan: post('users/:user_id/culling/grant_free_plan', {
    summary: 'Grant a free culling plan of 1, 3, 6 or 12 months',
    permission: 'grant_free_culling_plan',
    params: userIdParams,
    body: grantFreeCullingPlanBody,
    answer: cullingSchema,
    target: customerTarget,
  }),
  terminateCullingPlan: post('users/:user_id/culling/terminate_plan', {
    summary: 'Terminate the customer’s culling plan, with a reason',
    permission: 'terminate_culling_plan',
    params: userIdParams,
    body: reasonBody,
    answer: cullingSchema,
    target: customerTarget,
  }),
  grantCullingCredits: post('users/:user_id/culling/grant_credits', {
    summary: 'Grant culling credits',
    permission: 'grant_culling_credits',
    params: userIdParams,
    body: grantCullingCreditsBody,
    answer: cullingSchema,
    target: customerTarget,
  }),
  forceLogout: post('users/:user_id/actions/force_logout', {
    summary: 'Sign the customer out of every device, with a reason',
    permission: 'force_logout',
    params: userIdParams,
    body: reasonBody,
    answer: z.object({ user_id: z.number().int(), sessions_revoked_at: z.string() }),
    target: customerTarget,
  }),
  loginAs: post('users/:user_id/actions/login_as', {
    summary: 'A single-use link, valid 5 minutes, that opens the customer app as this customer',
    permission: 'login_as',
    params: userIdParams,
    body: reasonBody,
    answer: z.object({ url: z.string(), expires_at: z.string() }),
    target: customerTarget,
  }),
  changeEmail: post('users/:user_id/actions/change_email', {
    summary: 'Change the customer’s e-mail (it must be free)',
    permission: 'change_user_email',
    params: userIdParams,
    body: changeEmailBody,
    answer: userAnswer,
    target: customerTarget,
  }),
  addReferral: post('users/:user_id/actions/add_referral', {
    summary: 'Record that this customer referred another (by id or e-mail)',
    permission: 'add_referral',
    params: userIdParams,
    body: addReferralBody,
    answer: userAnswer.extend({ referred_user_id: z.number().int() }),
    target: customerTarget,
  }),
  sendEmail: post('users/:user_id/actions/send_email', {
    summary: 'Send the customer an e-mail from a template, with an optional note',
    permission: 'send_emails',
    params: userIdParams,
    body: sendEmailBody,
    answer: emailSentAnswer,
    target: customerTarget,
  }),
});
