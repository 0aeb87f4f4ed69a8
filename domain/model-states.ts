import { type ModelState, modelStateLabels } from './profiles';

/**
 * The model state machine (spec §4; `POST models/update_state`). Training moves a model PENDING → PROCESSING →
 * PENDING_REVIEW; a reviewer makes it READY (the profile then edits with it) or FAIL (with a reason); a READY model is
 * retired as DEPRECATED. Any model still on its way (PENDING, PROCESSING, PENDING_REVIEW) can be put ON_HOLD, and a
 * held model goes back to any of those three (the reviewer says where). FAIL can be re-queued as PENDING. DEPRECATED
 * is final here (reverting a profile to an old model is the profiles area's revert call).
 */
export const modelTransitions: Readonly<Record<ModelState, readonly ModelState[]>> = {
  PENDING: ['PROCESSING', 'ON_HOLD', 'FAIL'],
  PROCESSING: ['PENDING_REVIEW', 'ON_HOLD', 'FAIL'],
  PENDING_REVIEW: ['READY', 'FAIL', 'ON_HOLD', 'PROCESSING'],
  READY: ['DEPRECATED'],
  FAIL: ['PENDING'],
  ON_HOLD: ['PENDING', 'PROCESSING', 'PENDING_REVIEW'],
  DEPRECATED: [],
};

/** The states a model may move to from `from`. */
export function nextModelStates(from: ModelState): readonly ModelState[] {
  return modelTransitions[from];
}

export function canMoveModel(from: ModelState, to: ModelState): boolean {
  return modelTransitions[from].includes(to);
}

/** Why a move is refused, naming the allowed next states (the 409's message). */
export function refusedMoveMessage(from: ModelState, to: ModelState): string {
  const next = modelTransitions[from];
  const allowed = next.length === 0 ? 'none (it is final)' : next.join(', ');
  return `A ${from} model cannot become ${to}; allowed next states: ${allowed}`;
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
