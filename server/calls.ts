import { login } from './auth/login';
import { logout, refresh } from './auth/refresh';
import type { CallHandler } from './http/handler';
import { filterUsers } from './users/filter';
import { getLastViewed, getUser } from './users/get';
import { pendingHandlers } from './users/pending';
import { searchUsers } from './users/search';
import { suspendUser, unsuspendUser } from './users/suspension';

/** Every call's implementation: exactly one per catalogue entry (buildApp refuses to start otherwise). */
export const callHandlers: readonly CallHandler[] = [
  login,
  refresh,
  logout,
  searchUsers,
  filterUsers,
  getUser,
  getLastViewed,
  suspendUser,
  unsuspendUser,
  ...pendingHandlers,
];
