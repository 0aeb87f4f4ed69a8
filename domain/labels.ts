import { bulkRowStateLabels, bulkRowStates, bulkRunStateLabels, bulkRunStates } from './bulk';
import {
  chargeKindLabels,
  chargeKinds,
  chargePurposeLabels,
  chargePurposes,
  chargeStatuses,
  chargeStatusLabels,
} from './charges';
import {
  cancelAnnualPlanReasons,
  cancelReasonLabels,
  contractStateLabels,
  contractStates,
  renewalStateLabels,
  renewalStates,
} from './contract-calls';
import { paymentStatuses, paymentStatusLabels } from './credit-packages';
import { currencyChangePaymentLabels, currencyChangePaymentStatuses } from './currency';
import { can, type Permission } from './permissions';
import {
  finetuneActionLabels,
  finetuneActions,
  modelStateLabels,
  modelStates,
  profileColorLabels,
  profileColors,
  profileQuickActionLabels,
  profileQuickActions,
  profileSourceLabels,
  profileSources,
  profileStateLabels,
  profileStates,
  profileStatuses,
  profileStatusLabels,
  profileTypeLabels,
  profileTypes,
  sharingTypeLabels,
  sharingTypes,
} from './profiles';
import {
  advancedOptionLabels,
  advancedOptions,
  editingProjectActionLabels,
  editingProjectActions,
  editingProjectTypeLabels,
  editingProjectTypes,
  projectKindLabels,
  projectKinds,
  projectStatuses,
  projectStatusLabels,
  videoProjectActionLabels,
  videoProjectActions,
} from './projects';
import { allSupport, type Role, roleLabels, roles } from './roles';
import { customerEmailTemplates } from './user-actions';
import {
  activityCategories,
  activityCategoryLabels,
  creditSourceLabels,
  creditSources,
  notificationCategories,
  notificationCategoryLabels,
  paymentLinkKinds,
  paymentLinkLabels,
} from './user-details';
import {
  cullingSubscriptionLabels,
  cullingSubscriptionTypes,
  customerStatuses,
  customerStatusLabels,
  subscriptionLabels,
  subscriptionTypes,
  suspendReasonLabels,
  suspendReasons,
} from './users';

/** An enum people see, and its one label per value. */
export interface LabelledEnum {
  readonly values: readonly string[];
  readonly labels: Readonly<Record<string, string>>;
}

/** Booleans as the tables' BOOLEAN_CHECK options say them. */
export const booleanLabels: Readonly<Record<'true' | 'false', string>> = { true: 'Yes', false: 'No' };

/**
 * Every enum whose values people read, with its label map (each declared next to its enum). The server's table
 * headers send these labels with their options, its answers build their text from them, and the console's forms,
 * tiles and cells show them: "Annual plan" and "Monthly" everywhere, never `CORPORATE_CONTRACT` or `MONTHLY`.
 */
export const labelledEnums = {
  customerStatus: { values: customerStatuses, labels: customerStatusLabels },
  subscriptionType: { values: subscriptionTypes, labels: subscriptionLabels },
  cullingSubscriptionType: { values: cullingSubscriptionTypes, labels: cullingSubscriptionLabels },
  suspendReason: { values: suspendReasons.map((reason) => reason.value), labels: suspendReasonLabels },
  chargeStatus: { values: chargeStatuses, labels: chargeStatusLabels },
  chargeKind: { values: chargeKinds, labels: chargeKindLabels },
  chargePurpose: { values: chargePurposes, labels: chargePurposeLabels },
  contractState: { values: contractStates, labels: contractStateLabels },
  renewalState: { values: renewalStates, labels: renewalStateLabels },
  cancelReason: { values: cancelAnnualPlanReasons.map((reason) => reason.value), labels: cancelReasonLabels },
  creditPackagePaymentStatus: { values: paymentStatuses, labels: paymentStatusLabels },
  currencyChangePaymentStatus: { values: currencyChangePaymentStatuses, labels: currencyChangePaymentLabels },
  paymentLink: { values: paymentLinkKinds, labels: paymentLinkLabels },
  notificationCategory: { values: notificationCategories, labels: notificationCategoryLabels },
  activityCategory: { values: activityCategories, labels: activityCategoryLabels },
  creditSource: { values: creditSources, labels: creditSourceLabels },
  profileState: { values: profileStates, labels: profileStateLabels },
  profileStatus: { values: profileStatuses, labels: profileStatusLabels },
  profileType: { values: profileTypes, labels: profileTypeLabels },
  profileColor: { values: profileColors, labels: profileColorLabels },
  profileSource: { values: profileSources, labels: profileSourceLabels },
  sharingType: { values: sharingTypes, labels: sharingTypeLabels },
  modelState: { values: modelStates, labels: modelStateLabels },
  profileQuickAction: { values: profileQuickActions, labels: profileQuickActionLabels },
  finetuneAction: { values: finetuneActions, labels: finetuneActionLabels },
  projectKind: { values: projectKinds, labels: projectKindLabels },
  projectStatus: { values: projectStatuses, labels: projectStatusLabels },
  editingProjectType: { values: editingProjectTypes, labels: editingProjectTypeLabels },
  advancedOption: { values: advancedOptions, labels: advancedOptionLabels },
  editingProjectAction: { values: editingProjectActions, labels: editingProjectActionLabels },
  videoProjectAction: { values: videoProjectActions, labels: videoProjectActionLabels },
  bulkRunState: { values: bulkRunStates, labels: bulkRunStateLabels },
  bulkRowState: { values: bulkRowStates, labels: bulkRowStateLabels },
  boolean: { values: ['true', 'false'], labels: booleanLabels },
} as const satisfies Record<string, LabelledEnum>;

/** A value's label in its enum, or the value itself when it is not one (a code from elsewhere, e.g. `US`). */
export function labelOf<K extends string>(
  labels: Readonly<Record<K, string>>,
  value: string | null | undefined,
): string {
  if (value === null || value === undefined) return '';
  return Object.hasOwn(labels, value) ? labels[value as K] : value;
}

/** The labels of a table column's options, as its header sends them (`option_labels`). */
export function optionLabelsOf(labelled: LabelledEnum): Record<string, string> {
  return Object.fromEntries(labelled.values.map((value) => [value, labelled.labels[value] ?? value]));
}

/** What each permission lets its holders do, as the end of "Only admins may …" (never the permission's id). */
export const permissionLabels: Readonly<Record<Permission, string>> = {
  see_all_users: 'see all users',
  partner_managment: 'manage partners',
  user_details_read: 'read customer details',
  user_details_edit: 'edit customer details',
  reset_password: 'send password-reset e-mails',
  send_payment_link: 'send payment links',
  add_talent_profile: 'add profiles',
  edit_profile: 'edit profiles',
  reedit_project: 're-edit projects',
  invoices: 'download and send invoices',
  login_as: 'sign in as a customer',
  add_referral: 'add referrals',
  charge_and_unsuspend: 'charge and unsuspend customers',
  give_credit_capped: 'give credit up to the cap',
  add_trial_photos_capped: 'add trial photos',
  send_emails: 'send e-mails to customers',
  user_suspension: 'suspend customers',
  download_user_photos: 'download customers’ photos',
  change_user_email: 'change customers’ e-mail addresses',
  email_edited_photos: 'e-mail edited photos',
  video_email_project: 'e-mail video projects',
  add_profile_id: 'add profile ids',
  give_credit: 'give credit',
  see_models: 'see models',
  refund: 'refund projects',
  assign_roles: 'manage staff and read the audit trail',
  add_campaign: 'add campaigns',
  bundle_page_creation: 'manage bundles',
  delete_activities: 'delete activities',
  view_tracking: 'see tracking',
  new_custom_contract: 'create custom contracts',
  manage_corporate_contracts: 'manage annual plans',
  view_operations_center: 'open the operations center',
  coupons: 'generate offers',
  banner_management: 'manage banners',
  share_profiles: 'share profiles',
  share_profiles_loud: 'share profiles with a notice to the customer',
  force_logout: 'sign customers out',
  change_currency: 'change a customer’s currency',
  grant_free_culling_plan: 'grant free culling plans',
  terminate_culling_plan: 'end culling plans',
  grant_culling_credits: 'grant culling credits',
  exchange_rates: 'set exchange rates',
  manage_models: 'change models',
};

/** A list in words: "a", "a and b", "a, b and c". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** One support level's agents in words: both of a level's roles are "PL2 agents", one alone keeps its name. */
function levelAgents(held: ReadonlySet<Role>, level: 'PL1' | 'PL2'): string[] {
  const plain = held.has(`SUPPORT_${level}`);
  const cc = held.has(`SUPPORT_${level}_CC`);
  if (plain && cc) return [`${level} agents`];
  if (plain) return [`${level} agents outside CC`];
  return cc ? [`${level} CC agents`] : [];
}

/**
 * The roles in words, grouped the way staff speak of them: "admins, PL2 agents and support masters", "admins and
 * support agents" (all five support roles), "CC agents" (both CC levels), "everyone" (every role).
 */
export function rolesInWords(held: readonly Role[]): string {
  const set = new Set(held);
  if (roles.every((role) => set.has(role))) return 'everyone';
  const parts: string[] = [];
  if (set.has('ADMIN')) parts.push('admins');
  if (allSupport.every((role) => set.has(role))) parts.push('support agents');
  else {
    const bothCC = set.has('SUPPORT_PL1_CC') && set.has('SUPPORT_PL2_CC');
    const bothPlain = set.has('SUPPORT_PL1') && set.has('SUPPORT_PL2');
    if (bothCC && bothPlain) parts.push('PL1 and PL2 agents');
    else if (bothCC && !set.has('SUPPORT_PL1') && !set.has('SUPPORT_PL2')) parts.push('CC agents');
    else parts.push(...levelAgents(set, 'PL1'), ...levelAgents(set, 'PL2'));
    if (set.has('SUPPORT_MASTER')) parts.push('support masters');
  }
  if (set.has('MARKETER_PLUS')) parts.push('marketers');
  if (set.has('PARTNERS_MANAGER')) parts.push('partner managers');
  return listInWords(parts);
}

/** The roles holding any of the permissions, in the roles' order. */
function holdersOf(anyOf: readonly Permission[]): Role[] {
  return roles.filter((role) => anyOf.some((permission) => can(role, permission)));
}

/**
 * Why a role may not do something, naming who may, from the permission table: "Only admins, PL2 agents and support
 * masters may suspend customers". `doing` is the action in words; it defaults to the (first) permission's label.
 */
export function refusalOf(anyOf: Permission | readonly Permission[], doing?: string): string {
  const list: readonly Permission[] = typeof anyOf === 'string' ? [anyOf] : anyOf;
  const first = list[0];
  const action = doing ?? (first ? permissionLabels[first] : 'do this');
  const holders = holdersOf(list);
  if (holders.length === 0) return `Nobody may ${action}`;
  return holders.length === roles.length
    ? `Only signed-in staff may ${action}`
    : `Only ${rolesInWords(holders)} may ${action}`;
}

const counts = new Intl.NumberFormat('en-US');

/** A count with its noun, singular for one: "1 notification", "2 notifications", "1,204 customers". */
export function countOf(count: number, noun: string, nouns = `${noun}s`): string {
  return `${counts.format(count)} ${count === 1 ? noun : nouns}`;
}

/** How often a promotion link was used: "Not used", "1 time", "3 times". */
export function timesUsed(count: number): string {
  return count === 0 ? 'Not used' : countOf(count, 'time');
}

/**
 * Every e-mail template the console sends or shows, by its id: the outbox, the activity timeline ("Template: Invoice")
 * and the send-e-mail form read these, never `PAYMENT_LINK`.
 */
export const emailTemplateLabels: Readonly<Record<string, string>> = {
  ...Object.fromEntries(customerEmailTemplates.map((template) => [template.value, template.label])),
  PAYMENT_LINK: 'Payment link',
  EDITED_PHOTOS: 'Edited photos',
  VIDEO_PROJECT: 'Video project',
  PROFILE_SHARED: 'Profile shared',
  INVOICE: 'Invoice',
  STAFF_INVITATION: 'Staff invitation',
  RESET_PASSWORD: 'Password reset',
  EMAIL_CHANGED: 'E-mail address changed',
  MONTHLY_NEWSLETTER: 'Monthly newsletter',
};

/** A staff member as people read them: "Jane Roe (Support PL2)", the role in words. */
export function staffWithRole(name: string, role: string): string {
  return `${name} (${labelOf(roleLabels, role)})`;
}

/**
 * A stored text in words, for values written before their label existed: a template id becomes its label, and a
 * role in brackets ("Jane Roe (SUPPORT_PL2)") its role's.
 */
export function plainText(value: string): string {
  if (Object.hasOwn(emailTemplateLabels, value)) return emailTemplateLabels[value] as string;
  return value.replace(/\(([A-Z][A-Z0-9_]+)\)$/, (whole, role: string) =>
    Object.hasOwn(roleLabels, role) ? `(${roleLabels[role as Role]})` : whole,
  );
}

/** The call catalogue's areas (`domain/api.ts`) in words, where the area's own name would not read well. */
const callAreaLabels: Readonly<Record<string, string>> = {
  auth: 'Session',
  users: 'Customers',
  userDetails: 'Customer details',
  userActions: 'Customer',
  creditPackages: 'Credit packages',
  partnerActivities: 'Partner activities',
  marketingActivities: 'Marketing activities',
  bulkRuns: 'Bulk runs',
  abTests: 'A/B tests',
};

function camelWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

/** An audited call's id in words, as the audit trail shows it: `staff.setRole` → "Staff: set role". */
export function callLabel(id: string): string {
  const dot = id.indexOf('.');
  if (dot < 0) return sentenceCase(camelWords(id));
  const area = id.slice(0, dot);
  const name = id.slice(dot + 1);
  return `${callAreaLabels[area] ?? sentenceCase(camelWords(area))}: ${camelWords(name)}`;
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
