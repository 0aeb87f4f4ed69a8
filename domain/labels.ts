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
