import { auth } from './auth';
import { charges } from './charges';
import { contracts } from './contract-calls';
import { creditPackages } from './credit-packages';
import { currency } from './currency';
import type { Endpoint } from './endpoint';
import { outbox } from './outbox';
import { profiles } from './profiles';
import { projects } from './projects';
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
} as const;

/** Every call of the catalogue, flat. */
export const allEndpoints: readonly Endpoint[] = Object.values(api).flatMap(
  (area) => Object.values(area) as Endpoint[],
);

/** The URL prefix of the admin area. */
export const apiPrefix = '/admin';
