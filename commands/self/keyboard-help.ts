import { defineCommand } from '../define';
import { helpState } from '../help-state';

/** The list of keys (as `?` opens it). */
export default defineCommand({
  id: 'self.keyboard-help',
  title: 'Keyboard help',
  group: 'You',
  permission: null,
  target: 'none',
  keywords: ['help', 'keys', 'shortcuts', 'hotkeys', 'keyboard', 'cheat sheet'],
  confirm: false,
  immediate: true,
  run: () => {
    helpState.open = true;
    return Promise.resolve();
  },
  revalidates: [],
});
