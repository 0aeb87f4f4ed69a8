import type { CallHandler } from '../../http/handler';
import { getUserDetails, saveUserDetails, validateEmail } from './general';
import { deleteUserNotification, getUserActivity, getUserAudit, getUserCredits, getUserNotifications } from './lists';
import { getUserAdditionalInfo, getUserBackup, getUserCulling, getUserPayments, getUserTiles } from './panels';

/** The handlers of the `userDetails` area, one per call. */
export const userDetailsHandlers: readonly CallHandler[] = [
  getUserDetails,
  saveUserDetails,
  getUserTiles,
  getUserPayments,
  getUserAdditionalInfo,
  getUserActivity,
  getUserBackup,
  getUserCulling,
  getUserCredits,
  getUserNotifications,
  deleteUserNotification,
  validateEmail,
  getUserAudit,
];
