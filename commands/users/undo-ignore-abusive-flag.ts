import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand, enabled, hidden } from '../define';

export default defineCommand({
  id: 'user.undo-ignore-abusive-flag',
  title: 'Stop ignoring abusive flag',
  group: 'Customer',
  permission: 'user_details_edit',
  target: 'user',
  keywords: ['abuse', 'abusive', 'flag', 'undo', 'unignore'],
  confirm: false,
  consequence: (target) => `${target.name}’s abusive flag counts again.`,
  available: (target) => (target.row?.abusive_ignore ? enabled : hidden),
  run: ({ target, signal }) =>
    call(api.userActions.undoIgnoreAbusiveUser, { params: { user_id: target.id } }, { signal }),
  revalidates: [api.users.get, api.users.search, api.users.lastViewed, api.userDetails.activity, api.userDetails.audit],
  successMessage: ({ target }) => `${target.name}’s abusive flag counts again`,
});
