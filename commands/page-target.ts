import { useMemo } from 'react';
import { proxy, ref, useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useCall } from '../src/http';
import { usersCalls } from '../src/http/users-calls';
import { type UserTarget, userTarget, userTargetById } from './target';

/** The customer id of a user details path (`/users/42/general` → 42); undefined elsewhere. */
export function userIdFromPath(path: string): number | undefined {
  const match = /^\/users\/(\d+)(?:\/|$)/.exec(path);
  if (!match?.[1]) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The customer row a list has its keyboard focus on (e.g. the all-users table); set by the list, cleared when it goes. */
export const focusedRow = proxy<{ target: UserTarget | undefined }>({ target: undefined });

/** Makes a list's focused customer the palette's and the shortcuts' target while no customer page is open. */
export function setFocusedRowTarget(target: UserTarget | undefined): void {
  focusedRow.target = target ? ref(target) : undefined;
}

/**
 * The customer whose page is open (else the focused row of a customer list), as a command target: known by id at once, with its row (status, quick actions)
 * from the same SWR entry the page itself reads.
 */
export function usePageTarget(): UserTarget | undefined {
  const [path] = useLocation();
  const id = userIdFromPath(path);
  const { data } = useCall(usersCalls.get, id ? { params: { user_id: id } } : null);
  const row = data?.users[0];
  const focused = useSnapshot(focusedRow).target as UserTarget | undefined;
  return useMemo(() => {
    if (!id) return focused;
    return row && row.id === id ? userTarget(row) : userTargetById(id);
  }, [id, row, focused]);
}
