import type { RegisteredHandler } from '../http/register';
import { cancelContract } from './cancel';
import { createContract } from './create';
import { setNextPeriod } from './next-period';
import {
  getCancelOptions,
  getCancelSummary,
  getContract,
  getContractHistory,
  getCurrentFormParams,
  getDefaultFormParams,
  getMonthlyUsage,
  getNewSummary,
  getUpgradeSummary,
} from './reads';
import { upgradeContract } from './upgrade';

/** The handlers of the `contracts` area, one per call. */
export const contractHandlers: readonly RegisteredHandler[] = [
  getContract,
  getContractHistory,
  getMonthlyUsage,
  getDefaultFormParams,
  getNewSummary,
  createContract,
  getCurrentFormParams,
  getUpgradeSummary,
  upgradeContract,
  setNextPeriod,
  getCancelOptions,
  getCancelSummary,
  cancelContract,
];
