import { defineNavigation } from '../define';
import { userPath } from '../navigate';

/** The details form (general tab) with the first field focused: the form itself saves through its own call. */
export default defineNavigation({
  id: 'user.edit-details',
  title: 'Edit details',
  group: 'Customer',
  permission: 'user_details_edit',
  target: 'user',
  shortcut: 'Shift+E',
  keywords: ['edit', 'rename', 'update', 'name', 'address', 'vat', 'business', 'country', 'notes', 'details'],
  path: (target) => `${userPath(target.id, 'general')}?edit=1`,
});
