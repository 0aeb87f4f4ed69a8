import { api } from '../../domain/api';

/**
 * Where a change to a customer's own row shows: the row wherever it is listed (page, search, last viewed), the header
 * tiles, the activity timeline and the audit tab. Commands that change more list those too.
 */
export const customerRowViews = [
  api.users.get,
  api.users.search,
  api.users.lastViewed,
  api.userDetails.tiles,
  api.userDetails.activity,
  api.userDetails.audit,
] as const;
