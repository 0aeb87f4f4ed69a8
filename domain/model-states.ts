import { type ModelState, modelStateLabels } from './profiles';

/**
 * The model state machine (spec §4; `POST models/update_state`). Training moves a model PENDING → PROCESSING →
 * PENDING_REVIEW; a reviewer makes it READY (the profile then edits with it) or FAIL (with a reason); a READY model is
 * retired as DEPRECATED. Any model still on its way (PENDING, PROCESSING, PENDING_REVIEW) can be put ON_HOLD; the
 * model remembers the state it was held from (`held_from`) and a release goes back to exactly that state (or FAIL:
 * holding is often the step before failing). A model held before `held_from` was kept has no record of it and may go
 * back to any of the three. FAIL can be re-queued as PENDING. DEPRECATED is final here (reverting a profile to an old
 * model is the profiles area's revert call).
 */
export const modelTransitions: Readonly<Record<ModelState, readonly ModelState[]>> = {
  PENDING: ['PROCESSING', 'ON_HOLD', 'FAIL'],
  PROCESSING: ['PENDING_REVIEW', 'ON_HOLD', 'FAIL'],
  PENDING_REVIEW: ['READY', 'FAIL', 'ON_HOLD', 'PROCESSING'],
  READY: ['DEPRECATED'],
  FAIL: ['PENDING'],
  ON_HOLD: ['PENDING', 'PROCESSING', 'PENDING_REVIEW', 'FAIL'],
  DEPRECATED: [],
};

/** The states a model can be put on hold from (and so the ones a release returns to). */
export const holdableModelStates = ['PENDING', 'PROCESSING', 'PENDING_REVIEW'] as const satisfies ModelState[];
export type HoldableModelState = (typeof holdableModelStates)[number];

/**
 * The states a model may move to from `from`; a held model (`heldFrom`: the state it was held from) goes back to that
 * state or fails, never elsewhere.
 */
export function nextModelStates(from: ModelState, heldFrom: ModelState | null = null): readonly ModelState[] {
  if (from === 'ON_HOLD' && heldFrom !== null) return [heldFrom, 'FAIL'];
  return modelTransitions[from];
}

export function canMoveModel(from: ModelState, to: ModelState, heldFrom: ModelState | null = null): boolean {
  return nextModelStates(from, heldFrom).includes(to);
}

/** A state in words inside a sentence: "pending review", "on hold". */
export const stateInWords = (state: ModelState) => modelStateLabels[state].toLowerCase();

/** States in words as alternatives: "in process, on hold or failed". */
export function statesInWords(states: readonly ModelState[]): string {
  const words = states.map(stateInWords);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/**
 * Why a move is refused, naming the allowed next states in words (the 409's message, shown under the form's field):
 * "A model that is ready cannot become failed; allowed next states: deprecated".
 */
export function refusedMoveMessage(from: ModelState, to: ModelState, heldFrom: ModelState | null = null): string {
  const next = nextModelStates(from, heldFrom);
  const allowed = next.length === 0 ? 'none (it is final)' : statesInWords(next);
  const held = from === 'ON_HOLD' && heldFrom !== null ? ` (it was held from ${stateInWords(heldFrom)})` : '';
  return `A model that is ${stateInWords(from)} cannot become ${stateInWords(to)}${held}; allowed next states: ${allowed}`;
}

/** The state machine in words, for the change-state form: "Pending → in process, on hold or failed; …". */
export function modelMovesInWords(): string {
  return Object.entries(modelTransitions)
    .filter(([, next]) => next.length > 0)
    .map(([from, next]) => `${modelStateLabels[from as ModelState]} → ${statesInWords(next)}`)
    .join('; ');
}

/** The colour a state reads in (status cells, the detail header), for dark and light themes alike. */
export const modelStateTones: Record<ModelState, 'neutral' | 'info' | 'warning' | 'success' | 'danger'> = {
  PENDING: 'neutral',
  PROCESSING: 'info',
  PENDING_REVIEW: 'warning',
  READY: 'success',
  FAIL: 'danger',
  ON_HOLD: 'warning',
  DEPRECATED: 'neutral',
};

export { modelStateLabels };
