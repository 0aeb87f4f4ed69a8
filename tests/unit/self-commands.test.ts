import { beforeEach, describe, expect, it } from 'vitest';
import { helpState } from '../../commands/help-state';
import { paletteState } from '../../commands/palette-state';
import { recents } from '../../commands/recents';
import { runCommand, runner } from '../../commands/runner';
import { clearSession } from '../../src/session/store';
import { setTheme, themeState } from '../../src/ui/theme';
import { signedInAs } from './support/session';

beforeEach(() => {
  clearSession();
  signedInAs('SUPPORT_PL1');
  paletteState.open = true;
  helpState.open = false;
  setTheme('dark');
});

describe('commands for yourself run at once, with no form and no review', () => {
  it('Switch theme switches and closes the palette', async () => {
    expect(await runCommand('self.switch-theme')).toEqual({ opened: true });
    expect(themeState.theme).toBe('light');
    expect(runner.run).toBeNull();
    expect(paletteState.open).toBe(false);
    expect(recents.runs['self.switch-theme']?.weight).toBeGreaterThan(0);
  });

  it('Keyboard help opens the list of keys', async () => {
    await runCommand('self.keyboard-help');
    expect(helpState.open).toBe(true);
    expect(runner.run).toBeNull();
  });
});
