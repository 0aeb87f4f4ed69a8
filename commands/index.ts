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
import { areaNavigation } from './navigation/areas';
import { userTabNavigation } from './navigation/user-tabs';
import usersHome from './navigation/users-home';
import deleteProfile from './profiles/delete-profile';
import recoverProfile from './profiles/recover-profile';
import revertToModel from './profiles/revert-to-model';
import sendForManualTraining from './profiles/send-for-manual-training';
import shareProfile from './profiles/share-profile';
import unshareProfile from './profiles/unshare-profile';
import reeditProject from './projects/reedit-project';
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
  reeditProject,
  openUser,
  ...userTabNavigation,
  usersHome,
  ...areaNavigation,
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
