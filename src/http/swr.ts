import useSWR, { mutate, type SWRConfiguration, type SWRResponse } from 'swr';
import type { CallAddress } from '../../domain/call-address';
import type { AnswerOf } from '../../domain/endpoint';
import type { ApiError } from './api-error';
import { type CallInput, call } from './call';

/** Global SWR settings (console-spec §9): stale after 500 ms, no retries on error, refresh on focus at most every 5 s. */
export const swrConfig = {
  dedupingInterval: 500,
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: true,
  focusThrottleInterval: 5000,
  revalidateOnReconnect: true,
  keepPreviousData: true,
} as const satisfies SWRConfiguration;

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, stable(item)]));
}

/** The SWR key of a call: `<endpoint id> <params and query as JSON with sorted keys>`; the body is not part of it. */
export function swrKey<E extends CallAddress>(endpoint: E, input: Pick<CallInput<E>, 'params' | 'query'> = {}): string {
  return `${endpoint.id} ${JSON.stringify(stable({ params: input.params ?? {}, query: input.query ?? {} }))}`;
}

/** Fetches a call through SWR; `null` input waits (no request). Errors are `ApiError`s, already toasted. */
export function useCall<E extends CallAddress>(
  endpoint: E,
  input: Pick<CallInput<E>, 'params' | 'query'> | null,
  config?: SWRConfiguration<AnswerOf<E>, ApiError>,
): SWRResponse<AnswerOf<E>, ApiError> {
  const key = input === null ? null : swrKey(endpoint, input);
  return useSWR<AnswerOf<E>, ApiError>(key, () => call(endpoint, input ?? {}), config);
}

function matches(key: unknown, target: CallAddress | string): boolean {
  if (typeof key !== 'string') return false;
  if (typeof target !== 'string') return key.startsWith(`${target.id} `);
  return key === target || key.startsWith(`${target} `);
}

/** Revalidates the cached answers of the given endpoints (any params), endpoint ids, or exact `swrKey`s. */
export async function revalidateCalls(...targets: ReadonlyArray<CallAddress | string>): Promise<void> {
  if (targets.length === 0) return;
  await mutate((key) => targets.some((target) => matches(key, target)));
}

/** Revalidates every cached answer whose key `match` accepts (e.g. the ones naming a record that changed). */
export async function revalidateMatching(match: (key: string) => boolean): Promise<void> {
  await mutate((key) => typeof key === 'string' && match(key));
}
