import { collectVersions, noteVersion } from '../src/http';

/**
 * Reads made ahead of a confirmation (issue 18 item 1's figure): the refund's "what is left to refund" is asked as soon
 * as the project is known (picked, or prefilled by a row; read once it stayed the same for `settleMs`), so the
 * confirmation's preview finds it answered instead of asking after Ctrl+Enter. A read ahead is used once, within
 * `freshMs`; its ETags are handed to the preview's read, so the action still sends them as If-Match and a record
 * changed since is refused as stale (and priced again). Any command that ran forgets them all.
 */
const freshMs = 10_000;
/** How long a key must stay the asked one before it is read: an id typed digit by digit reads only the last. */
const settleMs = 250;

type Read<T> = (signal: AbortSignal) => Promise<T>;

interface Ahead {
  at: number;
  answer: Promise<unknown>;
  versions: () => string[];
}

const ahead = new Map<string, Ahead>();
/** Per kind of read (the key's part before `:`), the read waiting to start. */
const waiting = new Map<string, { key: string; timer: ReturnType<typeof setTimeout> }>();

const kindOf = (key: string) => key.split(':')[0] ?? key;

function start(key: string, read: Read<unknown>): void {
  const signal = new AbortController().signal;
  const versions = collectVersions(signal);
  const answer = read(signal);
  // A failed read is not kept: the preview asks again (and shows why if it fails again).
  answer.catch(() => {
    if (ahead.get(key)?.answer === answer) ahead.delete(key);
  });
  ahead.set(key, { at: performance.now(), answer, versions });
}

/**
 * Reads `key` soon (once it stayed asked for `settleMs`), unless a fresh read of it is under way, answered or waiting.
 * Asking another key of the same kind replaces the waiting one.
 */
export function readAhead(key: string, read: Read<unknown>): void {
  const known = ahead.get(key);
  if (known && performance.now() - known.at < freshMs) return;
  const kind = kindOf(key);
  const queued = waiting.get(kind);
  if (queued?.key === key) return;
  if (queued) clearTimeout(queued.timer);
  const timer = setTimeout(() => {
    waiting.delete(kind);
    start(key, read);
  }, settleMs);
  waiting.set(kind, { key, timer });
}

/** The read ahead of `key` when fresh (once), its ETags noted on `signal`; else `read` with `signal`, at once. */
export async function readOnce<T>(key: string, signal: AbortSignal, read: Read<T>): Promise<T> {
  const queued = waiting.get(kindOf(key));
  if (queued?.key === key) {
    clearTimeout(queued.timer);
    waiting.delete(kindOf(key));
  }
  const known = ahead.get(key);
  ahead.delete(key);
  if (known && performance.now() - known.at < freshMs) {
    try {
      const answer = (await known.answer) as T;
      for (const tag of known.versions()) noteVersion(signal, tag);
      return answer;
    } catch {
      // Asked again below.
    }
  }
  return read(signal);
}

/** Forgets every read ahead (a command changed something). */
export function forgetReadsAhead(): void {
  ahead.clear();
  for (const { timer } of waiting.values()) clearTimeout(timer);
  waiting.clear();
}
