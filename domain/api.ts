import { abTests } from './ab-tests';
import { approvals } from './approvals';
import { audit } from './audit';
import { auth } from './auth';
import { bulkRuns } from './bulk';
import { charges } from './charges';
import { contracts } from './contract-calls';
import { creditPackages } from './credit-packages';
import { currency } from './currency';
import type { Endpoint } from './endpoint';
import { marketing } from './marketing';
import { models } from './models';
import { notifications } from './notifications';
import { outbox } from './outbox';
import { palette } from './palette';
import { partnerActivities } from './partner-activities';
import { bundles } from './partner-bundles';
import { marketingActivities } from './partner-marketing';
import { partners } from './partners';
import { profiles } from './profiles';
import { projects } from './projects';
import { refunds } from './refunds';
import { staffArea } from './staff';
import { undo } from './undo';
import { userActions } from './user-actions';
import { userDetails } from './user-details';
import { users } from './users';

/** The whole admin API contract: every call, by area. The server registers exactly these; nothing else exists. */
export const api = {
  auth,
  users,
  userDetails,
  userActions,
  currency,
  creditPackages,
  contracts,
  charges,
  outbox,
  profiles,
  projects,
  refunds,
  approvals,
  undo,
  partners,
  partnerActivities,
  marketingActivities,
  bundles,
  models,
  marketing,
  bulkRuns,
  staffAccounts: staffArea,
  audit,
  abTests,
  notifications,
  palette,
} as const;

/** Every call of the catalogue, flat. */
export const allEndpoints: readonly Endpoint[] = Object.values(api).flatMap(
  (area) => Object.values(area) as Endpoint[],
);

export { apiPrefix } from './call-address';
