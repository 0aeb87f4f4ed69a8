import { api } from '../domain/api';
import type { PaletteUse } from '../domain/palette';
import { call } from '../src/http';
import { session } from '../src/session/store';

/** Uses are sent in one request at most every this many ms (a burst of runs is one request, one audit row). */
export const flushDelayMs = 2000;
/** The most uses one request carries (the call's limit). */
const batchLimit = 20;

interface Use {
  key: string;
  label?: { name: string; email: string };
}

const pending = new Map<string, Use>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends the uses waiting (best effort: a use that cannot be sent counts in this browser only). */
export async function flushUses(): Promise<void> {
  timer = undefined;
  if (pending.size === 0 || !session.accessToken) return;
  const uses = [...pending.values()].slice(0, batchLimit);
  for (const use of uses) pending.delete(use.key);
  if (pending.size > 0) timer = setTimeout(() => void flushUses(), flushDelayMs);
  await call(api.palette.recordUses, { body: { uses } }, { silent: true }).catch(() => undefined);
}

/** Counts a use on the server too (batched), so the person's frecency follows them to another browser. */
export function queueUse(key: string, label?: Use['label']): void {
  pending.set(key, { key, ...(label ? { label } : {}) });
  if (timer === undefined) timer = setTimeout(() => void flushUses(), flushDelayMs);
}

/** The signed-in person's uses as the server keeps them; empty when it cannot say. */
export async function serverUses(): Promise<readonly PaletteUse[]> {
  if (!session.accessToken && !session.refreshToken) return [];
  try {
    return (await call(api.palette.uses, {}, { silent: true })).uses;
  } catch {
    return [];
  }
}
