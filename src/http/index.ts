export { apiAddress, apiBaseURL } from './api-address';
export {
  ApiError,
  actionFailedTitle,
  defaultServerMessage,
  failureTitle,
  nameFailuresOf,
  serverMessage,
  showFailuresInPlace,
} from './api-error';
export { auditIdsOf } from './audit-ids';
export { type CallInput, type CallOptions, call } from './call';
export { endSession } from './end-session';
export { collectVersions, noteVersion, requireVersions } from './record-versions';
export { refreshSession } from './refresh';
export { revalidateCalls, swrConfig, swrKey, useCall } from './swr';
export { onUncertainOutcome, setMoneyTimeoutMs } from './uncertain-outcome';
