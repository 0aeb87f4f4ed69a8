import { useRef } from 'react';
import type { Preview } from '../../commands/define';

/**
 * The preview shown before the server refused its action as stale (`round` counts refusals), so that the fresh one
 * can mark what changed; undefined until the first refusal.
 */
export function useStalePreview(current: Preview | undefined, round: number): Preview | undefined {
  const seen = useRef<{ round: number; shown: Preview | undefined; before: Preview | undefined }>({
    round,
    shown: current,
    before: undefined,
  });
  const state = seen.current;
  if (round !== state.round) {
    state.before = state.shown ?? state.before;
    state.round = round;
  }
  if (current !== undefined) state.shown = current;
  return state.before;
}
