import { toggleTheme } from '../../src/ui/theme';
import { defineCommand } from '../define';

/** Dark ↔ light, remembered in this browser. */
export default defineCommand({
  id: 'self.switch-theme',
  title: 'Switch theme',
  group: 'You',
  permission: null,
  target: 'none',
  keywords: ['dark', 'light', 'mode', 'colours', 'colors', 'appearance'],
  confirm: false,
  immediate: true,
  run: () => {
    toggleTheme();
    return Promise.resolve();
  },
  revalidates: [],
});
