import { api } from '../../domain/api';

/** The views a contract change shows in: the customer row, the contract tab, credits, timeline and audit. */
export const contractViews = [
  api.users.get,
  api.userDetails.tiles,
  api.contracts.contract,
  api.contracts.history,
  api.contracts.monthlyUsage,
  api.contracts.currentFormParams,
  api.userDetails.credits,
  api.userDetails.activity,
  api.userDetails.audit,
] as const;
