import { type CallAddress, isMutation } from '../../domain/call-address';

/** The record versions (ETags) answered to the reads made with a signal, collected while a preview loads. */
const readsBySignal = new WeakMap<AbortSignal, Set<string>>();
/** The versions an action made with a signal must still find (sent as If-Match), and who hears it found them changed. */
const matchesBySignal = new WeakMap<AbortSignal, { tags: readonly string[]; onStale: () => void }>();

/** Starts collecting the versions of what the calls made with `signal` read; the function answers them so far. */
export function collectVersions(signal: AbortSignal): () => string[] {
  const tags = new Set<string>();
  readsBySignal.set(signal, tags);
  return () => [...tags];
}

/**
 * Mutations made with `signal` send `tags` as If-Match: the server refuses them (409 `preview_stale`) when any of
 * those records changed since; `onStale` is then called once per refusal.
 */
export function requireVersions(signal: AbortSignal, tags: readonly string[], onStale: () => void): void {
  if (tags.length > 0) matchesBySignal.set(signal, { tags, onStale });
}

/** The If-Match header of a call, when its signal requires versions and the call changes something. */
export function versionHeaders(endpoint: Pick<CallAddress, 'method'>, signal?: AbortSignal): Record<string, string> {
  const match = signal && isMutation(endpoint) ? matchesBySignal.get(signal) : undefined;
  return match ? { 'if-match': match.tags.join(', ') } : {};
}

/** Keeps the ETag of an answer to a read made with a collecting signal. */
export function noteVersion(signal: AbortSignal | undefined, etag: string | null): void {
  if (signal && etag) readsBySignal.get(signal)?.add(etag);
}

/** Tells the action's run that its preview went stale (its call was answered 409 `preview_stale`). */
export function reportStale(signal: AbortSignal | undefined, code: string): void {
  if (signal && code === 'preview_stale') matchesBySignal.get(signal)?.onStale();
}
