import { signOut } from '../../src/session/sign-out';
import { defineCommand } from '../define';

/** Ends the person's own session (the server revokes it) and goes to the sign-in page. */
export default defineCommand({
  id: 'self.sign-out',
  title: 'Sign out',
  group: 'You',
  permission: null,
  target: 'none',
  keywords: ['log out', 'logout', 'sign off', 'leave', 'exit'],
  confirm: false,
  immediate: true,
  run: () => signOut(),
  revalidates: [],
});
