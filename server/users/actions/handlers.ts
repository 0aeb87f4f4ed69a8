import type { CallHandler } from '../../http/handler';
import { ignoreAbusiveUser, undoIgnoreAbusiveUser } from './abusive';
import { changeEmail } from './change-email';
import { grantCullingCredits, grantFreeCullingPlan, terminateCullingPlan } from './culling';
import { sendEmail, sendPaymentLink, sendResetPasswordEmail } from './emails';
import { giveCredit } from './give-credit';
import { getAddTrialPhotosReasons, getGiveCreditReasons } from './reasons';
import { addReferral } from './referral';
import { forceLogout, loginAs } from './sessions';
import { addTrialPhotos } from './trial-photos';

/** The handlers of the `userActions` area, one per call. */
export const userActionHandlers: readonly CallHandler[] = [
  getAddTrialPhotosReasons,
  getGiveCreditReasons,
  addTrialPhotos,
  sendResetPasswordEmail,
  sendPaymentLink,
  giveCredit,
  ignoreAbusiveUser,
  undoIgnoreAbusiveUser,
  grantFreeCullingPlan,
  terminateCullingPlan,
  grantCullingCredits,
  forceLogout,
  loginAs,
  changeEmail,
  addReferral,
  sendEmail,
];
