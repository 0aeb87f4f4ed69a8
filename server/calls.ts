import { abTestHandlers } from './ab-tests/handlers';
import { approvalHandlers } from './approvals/handlers';
import { exportAuditCsv, exportAuditLink } from './audit/export';
import { listAudit } from './audit/list';
import { login } from './auth/login';
import { logout, refresh } from './auth/refresh';
import { bulkRunHandlers } from './bulk/handlers';
import { bundleHandlers } from './bundles/bundles';
import { chargeHandlers } from './charges/handlers';
import { contractHandlers } from './contracts/handlers';
import { creditPackageHandlers } from './credit-packages/handlers';
import { currencyHandlers } from './currency/handlers';
import type { RegisteredHandler } from './http/register';
import { showCustomerEmail, showEmail } from './mail/delivered';
import { listCustomerOutbox, listOutbox } from './mail/outbox-list';
import { marketingHandlers } from './marketing/handlers';
import { modelHandlers } from './models/handlers';
import { notificationHandlers } from './notifications/handlers';
import { findForPalette } from './palette/find';
import { paletteHandlers } from './palette/uses';
import { partnerHandlers } from './partners/handlers';
import { profileHandlers } from './profiles/handlers';
import { projectHandlers } from './projects/handlers';
import { staffHandlers } from './staff/handlers';
import { undoCommand } from './undo/handler';
import { userActionHandlers } from './users/actions/handlers';
import { userDetailsHandlers } from './users/details/handlers';
import { filterUsers } from './users/filter';
import { getLastViewed, getUser } from './users/get';
import { searchUsers } from './users/search';
import { suspendUser, unsuspendUser } from './users/suspension';

/** Every call's implementation: exactly one per catalogue entry (buildApp refuses to start otherwise). */
export const callHandlers: readonly RegisteredHandler[] = [
  login,
  refresh,
  logout,
  searchUsers,
  filterUsers,
  getUser,
  getLastViewed,
  suspendUser,
  unsuspendUser,
  ...userDetailsHandlers,
  ...userActionHandlers,
  ...contractHandlers,
  ...currencyHandlers,
  ...creditPackageHandlers,
  ...chargeHandlers,
  listOutbox,
  listCustomerOutbox,
  showEmail,
  showCustomerEmail,
  ...profileHandlers,
  ...projectHandlers,
  ...partnerHandlers,
  ...bundleHandlers,
  ...modelHandlers,
  ...marketingHandlers,
  ...bulkRunHandlers,
  ...staffHandlers,
  listAudit,
  exportAuditLink,
  exportAuditCsv,
  ...abTestHandlers,
  ...notificationHandlers,
  findForPalette,
  ...paletteHandlers,
  ...approvalHandlers,
  undoCommand,
];
