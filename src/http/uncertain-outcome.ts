import { FetchError } from 'ofetch';

/**
 * A money call's outcome is unknown when no answer came back: the network failed, the request timed out, or a
 * gateway in front of the API answered 502/504 (or a 503 of its own, without the API's error `code`). The server may
 * or may not have acted; asking again with the same `Idempotency-Key` tells which.
 */
export function isUncertain(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false;
  if (error.cause instanceof Error && error.cause.name === 'AbortError') return false;
  const status = error.status ?? 0;
  if (status === 0) return true;
  const fromApi = typeof (error.data as { code?: unknown } | undefined)?.code === 'string';
  return !fromApi && (status === 502 || status === 503 || status === 504);
}

/** How long a money call waits for its answer before it counts as unknown and is asked again. */
let timeoutMs = 15_000;

export function moneyTimeoutMs(): number {
  return timeoutMs;
}

/** For tests: a shorter wait before a money call counts as timed out. */
export function setMoneyTimeoutMs(ms: number): void {
  timeoutMs = ms;
}

const delaysMs = [300, 1000, 2000, 4000] as const;
/** The longest pause between two tries. */
export const maxAskAgainMs = 8000;

/** The pause before asking again after the `attempt`-th try found the outcome unknown: growing, at most 8 s. */
export function askAgainAfterMs(attempt: number): number {
  return delaysMs[attempt - 1] ?? maxAskAgainMs;
}

/** Called before each new try of a money call whose outcome is unknown (`attempt`: the tries so far). */
export type UncertainListener = (attempt: number) => void;

const listeners = new WeakMap<AbortSignal, UncertainListener>();

/**
 * Tells `listener` when a money call made with `signal` found its outcome unknown and is being asked again (the
 * command runner says "Checking whether the credit was given…"). Nothing else changes for those calls.
 */
export function onUncertainOutcome(signal: AbortSignal, listener: UncertainListener): void {
  listeners.set(signal, listener);
}

export function uncertainListenerOf(signal: AbortSignal | undefined): UncertainListener | undefined {
  return signal ? listeners.get(signal) : undefined;
}
