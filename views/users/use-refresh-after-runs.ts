import { useEffect, useRef } from 'react';
import { subscribe } from 'valtio';
import { runner } from '../../commands/run-state';

/**
 * Calls `refresh` each time a command run closes (from a row menu, the palette or a shortcut): a list whose rows a
 * command may have changed shows their new state without a reload.
 */
export function useRefreshAfterRuns(refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    let open = runner.run !== null;
    return subscribe(runner, () => {
      const now = runner.run !== null;
      if (open && !now) latest.current();
      open = now;
    });
  }, []);
}
