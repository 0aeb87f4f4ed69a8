import { fail } from '../http/errors';

const watchPattern = /^[a-z_]{1,32}:(0|[1-9]\d{0,17})$/;

/** The records a stream watches: `?watch=customer:57,project:9`; 400 `live_watch_invalid` otherwise. */
export function parseWatch(value: unknown, max: number): Set<string> {
  if (value === undefined || value === '') return new Set();
  if (typeof value !== 'string') throw fail('live_watch_invalid');
  const keys = value.split(',');
  if (keys.length > max || !keys.every((key) => watchPattern.test(key))) throw fail('live_watch_invalid');
  return new Set(keys);
}
