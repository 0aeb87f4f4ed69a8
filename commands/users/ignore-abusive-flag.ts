import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand, enabled, hidden } from '../define';

export default defineCommand({
  id: 'user.ignore-abusive-flag',
  title: 'Ignore abusive flag',
  group: 'Customer',
  permission: 'user_details_edit',
  target: 'user',
  keywords: ['abuse', 'abusive', 'flag', 'suspicious', 'false positive'],
  confirm: false,
  consequence: (target) => `${target.name} stays flagged as abusive-suspicious, but the flag is ignored from now on.`,
  available: (target) => (target.row?.abusive_suspicious && !target.row.abusive_ignore ? enabled : hidden),
  run: ({ target, signal }) => call(api.userActions.ignoreAbusiveUser, { params: { user_id: target.id } }, { signal }),
  revalidates: [api.users.get, api.users.search, api.users.lastViewed, api.userDetails.activity, api.userDetails.audit],
  successMessage: ({ target }) => `${target.name}’s abusive flag is ignored`,
});
