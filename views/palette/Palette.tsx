import { Command } from 'cmdk';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useDeepLinks } from '../../commands/deep-link';
import type { ActionCommand } from '../../commands/define';
import { commandById } from '../../commands/index';
import { usePageTarget } from '../../commands/page-target';
import { openPalette, paletteState } from '../../commands/palette-state';
import { reloadRecents } from '../../commands/recents';
import { runner } from '../../commands/runner';
import { useShortcuts } from '../../commands/shortcuts';
import { useSession } from '../../src/session/store';
import { attachPalette } from '../../src/ui/type-ahead';
import { ConfirmPage } from './ConfirmPage';
import { FormPage } from './FormPage';
import { ResultPage } from './ResultPage';
import { RootPage } from './RootPage';
import { TargetPage } from './TargetPage';
import { dismissPalette, usePaletteKeys } from './usePaletteKeys';
import { useRestoreFocus } from './useRestoreFocus';

export { closePalette, openPalette } from '../../commands/palette-state';

/** Opens the root page with this search typed (a Ctrl/Cmd+K and the keys after it, held while the shell loaded). */
function openWithSearch(typed: string): void {
  paletteState.search = typed;
  openPalette();
}

/**
 * The command palette, mounted once by the shell: a cmdk dialog whose pages are the root (commands, recent and
 * found customers) and the steps of a run (customer, form, confirmation). It also hosts the global keys, the
 * commands' shortcuts and deep links, so every way of starting a command ends up here.
 */
export function Palette() {
  const { open } = useSnapshot(paletteState);
  const { run } = useSnapshot(runner);
  const { userID } = useSession();
  const pageTarget = usePageTarget();
  const visible = open || run !== null;
  const [selected, setSelected] = useState('');
  usePaletteKeys(visible);
  useRestoreFocus(visible);
  useShortcuts(pageTarget);
  useDeepLinks();
  useEffect(() => {
    if (userID !== undefined) reloadRecents();
  }, [userID]);
  useEffect(() => attachPalette(openWithSearch), []);

  const command = run ? commandById(run.commandId) : undefined;
  const action = command?.kind === 'action' ? (command as ActionCommand) : undefined;
  const page = !run ? (
    <RootPage pageTarget={pageTarget} selected={selected} onSelectedChange={setSelected} />
  ) : run.step === 'target' ? (
    <TargetPage key={run.serial} selected={selected} onSelectedChange={setSelected} />
  ) : action && run.step === 'result' ? (
    <ResultPage key={run.serial} command={action} />
  ) : action && run.step === 'form' ? (
    <FormPage key={run.serial} command={action} />
  ) : action ? (
    <ConfirmPage key={run.serial} command={action} />
  ) : null;

  return (
    <Command.Dialog
      open={visible}
      onOpenChange={(next) => {
        if (!next) dismissPalette();
      }}
      label="Command palette"
      shouldFilter={false}
      loop
      value={selected}
      onValueChange={setSelected}
      overlayClassName="fixed inset-0 z-40 bg-black/50"
      contentClassName="fixed top-[12vh] left-1/2 z-40 w-[min(640px,92vw)] -translate-x-1/2 overflow-hidden rounded-lg border border-line bg-panel text-fg shadow-2xl shadow-black/40"
    >
      {page}
    </Command.Dialog>
  );
}
