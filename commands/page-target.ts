import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { api } from '../domain/api';
import { useCall } from '../src/http';
import { type UserTarget, userTarget, userTargetById } from './target';

/** The customer id of a user details path (`/users/42/general` → 42); undefined elsewhere. */
export function userIdFromPath(path: string): number | undefined {
  const match = /^\/users\/(\d+)(?:\/|$)/.exec(path);
  if (!match?.[1]) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The customer whose page is open, as a command target: known by id at once, with its row (status, quick actions)
 * from the same SWR entry the page itself reads.
 */
export function usePageTarget(): UserTarget | undefined {
  const [path] = useLocation();
  const id = userIdFromPath(path);
  const { data } = useCall(api.users.get, id ? { params: { user_id: id } } : null);
  const row = data?.users[0];
  return useMemo(() => {
    if (!id) return undefined;
    return row && row.id === id ? userTarget(row) : userTargetById(id);
  }, [id, row]);
}
