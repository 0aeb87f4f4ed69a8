import { useCallback, useEffect, useState } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { bulkFlow, closeBulk } from '../../commands/bulk/flow';
import { useDeepLinks } from '../../commands/deep-link';
import type { ActionCommand } from '../../commands/define';
import { commandById } from '../../commands/index';
import { usePageTarget } from '../../commands/page-target';
import { openPalette, paletteState } from '../../commands/palette-state';
import { usePresenceActivity } from '../../commands/presence-activity';
import { reloadRecents } from '../../commands/recents';
import { recordContext } from '../../commands/record-context';
import { readAheadForRecord } from '../../commands/record-read-ahead';
import { runner } from '../../commands/runner';
import { useShortcuts } from '../../commands/shortcuts';
import { useUndoShortcut } from '../../commands/undo-shortcut';
import { useSession } from '../../src/session/store';
import { attachPalette } from '../../src/ui/type-ahead';
import { BulkFlowPage } from '../bulk-runs/BulkFlowPage';
import { BulkProgress } from '../bulk-runs/BulkProgress';
import { ConfirmPage } from './ConfirmPage';
import { FormPage } from './FormPage';
import { PaletteDialog } from './PaletteDialog';
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
  const bulk = useSnapshot(bulkFlow).open;
  const { userID } = useSession();
  const pageTarget = usePageTarget();
  const visible = open || run !== null || bulk !== null;
  const [selected, setSelected] = useState('');
  usePaletteKeys(visible);
  useRestoreFocus(visible);
  useShortcuts(pageTarget);
  useUndoShortcut();
  usePresenceActivity();
  useDeepLinks();
  useEffect(() => {
    if (userID !== undefined) reloadRecents();
  }, [userID]);
  useEffect(() => attachPalette(openWithSearch), []);
  // The focused row's commands read ahead (the refund's amount left) before its menu or a shortcut opens them.
  useEffect(() => subscribe(recordContext, () => readAheadForRecord(recordContext.record)), []);

  const command = run ? commandById(run.commandId) : undefined;
  const action = command?.kind === 'action' ? (command as ActionCommand) : undefined;
  const bulkCommand = bulk ? commandById(bulk.commandId) : undefined;
  const page =
    bulk && bulkCommand?.kind === 'action' ? (
      <BulkFlowPage key={`bulk-${bulk.serial}`} command={bulkCommand as ActionCommand} />
    ) : !run ? (
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

  const dismiss = useCallback(() => {
    closeBulk();
    dismissPalette();
  }, []);

  return (
    <>
      <BulkProgress />
      <PaletteDialog open={visible} onDismiss={dismiss} value={selected} onValueChange={setSelected}>
        {page}
      </PaletteDialog>
    </>
  );
}
