import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { setPresenceActivity } from '../src/live/presence';
import { commandById } from './index';
import { runner } from './run-state';

/**
 * Tells presence what the person is doing in this tab: "in Refund project" while a command's form or confirmation is
 * open, nothing otherwise (others see it in the record's header within a beat).
 */
export function usePresenceActivity(): void {
  const { run } = useSnapshot(runner);
  const title = run && run.step !== 'result' ? commandById(run.commandId)?.title : undefined;
  useEffect(() => setPresenceActivity(title ? `in ${title}` : null), [title]);
}
