import assignUsersToAbTest from './ab-tests/assign-users';
import createAbTest from './ab-tests/create-ab-test';
import finishAbTest from './ab-tests/finish-ab-test';
import approveRequest from './approvals/approve';
import rejectRequest from './approvals/reject';
import exportAuditCsv from './audit/export-csv';
import goToBulkRuns from './bulk/go-to-runs';
import chargeAndUnsuspend from './charges/charge-and-unsuspend';
import downloadInvoice from './charges/download-invoice';
import regenerateInvoice from './charges/regenerate-invoice';
import retryCharge from './charges/retry-charge';
import sendInvoice from './charges/send-invoice';
import cancelContract from './contracts/cancel-contract';
import newContract from './contracts/new-contract';
import updateNextPeriod from './contracts/update-next-period';
import upgradeContract from './contracts/upgrade-contract';
import buyCustomCreditPackage from './credit-packages/buy-custom-credit-package';
import changeCurrency from './currency/change-currency';
import setExchangeRate from './currency/set-exchange-rate';
import type { Command } from './define';
import createBanner from './marketing/create-banner';
import deleteBanner from './marketing/delete-banner';
import generatePromotionLink from './marketing/generate-promotion-link';
import reorderBanner from './marketing/reorder-banner';
import revokePromotionLink from './marketing/revoke-promotion-link';
import uploadBanner from './marketing/upload-banner';
import addModelNote from './models/add-note';
import changeModelState from './models/change-state';
import excludeModelProject from './models/exclude-project';
import includeModelProject from './models/include-project';
import lockModel from './models/lock-model';
import openModelCustomer from './models/open-customer';
import openModel from './models/open-model';
import openModelProfile from './models/open-profile';
import unlockModel from './models/unlock-model';
import { areaNavigation } from './navigation/areas';
import { userTabNavigation } from './navigation/user-tabs';
import usersHome from './navigation/users-home';
import cancelSending from './notifications/cancel-sending';
import deleteBroadcast from './notifications/delete-notification';
import generateNotificationJson from './notifications/generate-notification-json';
import retryFailedRecipients from './notifications/retry-failed';
import sendNotification from './notifications/send-notification';
import activateShopDiscount from './partners/activate-shop-discount';
import addBundleToShop from './partners/add-bundle-to-shop';
import changeBundlePrice from './partners/change-bundle-price';
import createActivity from './partners/create-activity';
import createCampaign from './partners/create-campaign';
import createMarketingActivity from './partners/create-marketing-activity';
import createPartner from './partners/create-partner';
import createProfilePage from './partners/create-profile-page';
import deleteActivity from './partners/delete-activity';
import deleteBundle from './partners/delete-bundle';
import deleteMarketingActivity from './partners/delete-marketing-activity';
import deletePartner from './partners/delete-partner';
import editActivity from './partners/edit-activity';
import editMarketingActivity from './partners/edit-marketing-activity';
import editPartner from './partners/edit-partner';
import reCreateBundlePage from './partners/re-create-bundle-page';
import reOrderBundlePhotos from './partners/re-order-bundle-photos';
import updateBundle from './partners/update-bundle';
import addProfileId from './profiles/add-profile-id';
import addTalentProfile from './profiles/add-talent-profile';
import deleteProfile from './profiles/delete-profile';
import editProfile from './profiles/edit-profile';
import goToProfileOwner from './profiles/go-to-owner';
import recoverProfile from './profiles/recover-profile';
import revertToModel from './profiles/revert-to-model';
import sendForManualTraining from './profiles/send-for-manual-training';
import sendForTeaching from './profiles/send-for-teaching';
import shareProfile from './profiles/share-profile';
import unshareProfile from './profiles/unshare-profile';
import downloadPhotos from './projects/download-photos';
import emailEditedPhotos from './projects/email-edited-photos';
import emailVideoProject from './projects/email-video-project';
import reeditProject from './projects/reedit-project';
import refundProject from './projects/refund-project';
import keyboardHelp from './self/keyboard-help';
import signOut from './self/sign-out';
import switchTheme from './self/switch-theme';
import undoLast from './self/undo';
import activateStaff from './staff/activate';
import changeStaffRole from './staff/change-role';
import deactivateStaff from './staff/deactivate';
import endStaffSessions from './staff/end-sessions';
import inviteStaff from './staff/invite';
import addReferral from './users/add-referral';
import addTrialPhotos from './users/add-trial-photos';
import changeEmail from './users/change-email';
import deleteNotification from './users/delete-notification';
import editDetails from './users/edit-details';
import forceLogout from './users/force-logout';
import giveCredit from './users/give-credit';
import grantCullingCredits from './users/grant-culling-credits';
import grantFreeCullingPlan from './users/grant-free-culling-plan';
import ignoreAbusiveFlag from './users/ignore-abusive-flag';
import loginAs from './users/login-as';
import openUser from './users/open-user';
import sendEmail from './users/send-email';
import sendPaymentLink from './users/send-payment-link';
import sendResetPasswordEmail from './users/send-reset-password-email';
import suspend from './users/suspend';
import terminateCullingPlan from './users/terminate-culling-plan';
import undoIgnoreAbusiveFlag from './users/undo-ignore-abusive-flag';
import unsuspend from './users/unsuspend';

/** Every command of the console, in the order the palette lists them when nothing is typed. */
export const commands = [
  giveCredit,
  addTrialPhotos,
  sendResetPasswordEmail,
  suspend,
  unsuspend,
  sendPaymentLink,
  sendEmail,
  editDetails,
  changeEmail,
  addReferral,
  ignoreAbusiveFlag,
  undoIgnoreAbusiveFlag,
  grantFreeCullingPlan,
  grantCullingCredits,
  terminateCullingPlan,
  forceLogout,
  loginAs,
  changeCurrency,
  setExchangeRate,
  buyCustomCreditPackage,
  retryCharge,
  chargeAndUnsuspend,
  downloadInvoice,
  sendInvoice,
  regenerateInvoice,
  newContract,
  upgradeContract,
  updateNextPeriod,
  cancelContract,
  deleteNotification,
  sendForManualTraining,
  deleteProfile,
  recoverProfile,
  revertToModel,
  shareProfile,
  unshareProfile,
  goToProfileOwner,
  sendForTeaching,
  addTalentProfile,
  addProfileId,
  editProfile,
  reeditProject,
  refundProject,
  emailEditedPhotos,
  emailVideoProject,
  downloadPhotos,
  openUser,
  ...userTabNavigation,
  usersHome,
  ...areaNavigation,
  goToBulkRuns,
  approveRequest,
  rejectRequest,
  inviteStaff,
  changeStaffRole,
  deactivateStaff,
  activateStaff,
  endStaffSessions,
  exportAuditCsv,
  createPartner,
  editPartner,
  deletePartner,
  createProfilePage,
  createActivity,
  editActivity,
  deleteActivity,
  createCampaign,
  createMarketingActivity,
  editMarketingActivity,
  deleteMarketingActivity,
  addBundleToShop,
  activateShopDiscount,
  reOrderBundlePhotos,
  updateBundle,
  changeBundlePrice,
  reCreateBundlePage,
  deleteBundle,
  openModel,
  changeModelState,
  lockModel,
  unlockModel,
  excludeModelProject,
  includeModelProject,
  addModelNote,
  openModelProfile,
  openModelCustomer,
  generatePromotionLink,
  revokePromotionLink,
  uploadBanner,
  createBanner,
  deleteBanner,
  reorderBanner,
  generateNotificationJson,
  sendNotification,
  cancelSending,
  retryFailedRecipients,
  deleteBroadcast,
  createAbTest,
  finishAbTest,
  assignUsersToAbTest,
  signOut,
  switchTheme,
  keyboardHelp,
  undoLast,
] as const;
/** The id of any command: deep links, recents, shortcuts and the quick-action table name commands by it. */
export type CommandId = (typeof commands)[number]['id'];

const byId: ReadonlyMap<string, Command> = new Map(commands.map((command): [string, Command] => [command.id, command]));

/** True for the id of a registered command. */
export function isCommandId(id: string): id is CommandId {
  return byId.has(id);
}

/** The command with this id, if any. */
export function commandById(id: string): Command | undefined {
  return byId.get(id);
}

/** Every command, as the runner and palette handle them. */
export const allCommands: readonly Command[] = [...byId.values()];
