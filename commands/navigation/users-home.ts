import { can } from '../../domain/permissions';
import { session } from '../../src/session/store';
import { defineNavigation } from '../define';

/** `G U`: the users list, all users for roles that may see them, else the customers this person last viewed. */
export default defineNavigation({
  id: 'go.users',
  title: 'Users',
  group: 'Go to',
  permission: null,
  target: 'none',
  shortcut: 'G U',
  keywords: ['go', 'open', 'customers', 'list', 'all users'],
  path: () => (can(session.userRole, 'see_all_users') ? '/users/all-users' : '/users/last-viewed'),
});
