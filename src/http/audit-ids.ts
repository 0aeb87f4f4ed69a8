import type { CallAddress } from '../../domain/call-address';
import { isUndoable } from '../../domain/undo';

/** The audit rows of the undoable calls made with a signal (answered as `Loupe-Audit-Id`), newest last. */
const idsBySignal = new WeakMap<AbortSignal, number[]>();

/** Keeps the audit row an undoable call's answer names, for the run that made it with `signal` to offer Undo. */
export function noteAuditId(endpoint: Pick<CallAddress, 'id'>, signal: AbortSignal | undefined, header: string | null) {
  const id = Number(header);
  if (!signal || !header || !Number.isSafeInteger(id) || id <= 0 || !isUndoable(endpoint.id)) return;
  const ids = idsBySignal.get(signal) ?? [];
  ids.push(id);
  idsBySignal.set(signal, ids);
}

/** The audit rows of the undoable calls made with `signal` so far. */
export function auditIdsOf(signal: AbortSignal): readonly number[] {
  return idsBySignal.get(signal) ?? [];
}
