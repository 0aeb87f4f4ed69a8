import { proxy, snapshot, subscribe, useSnapshot } from 'valtio';
import type { LoginAnswer } from '../../domain/auth';
import { isRole, type Role } from '../../domain/roles';

/** The persisted session, under localStorage `auth` (console-spec §3). Only this module touches it. */
export interface Session {
  userID: number | null;
  userRole: Role | null;
  userFirstName: string;
  userLastName: string;
  accessToken: string | null;
  refreshToken: string | null;
}

export const storageKey = 'auth';

const signedOut: Session = {
  userID: null,
  userRole: null,
  userFirstName: '',
  userLastName: '',
  accessToken: null,
  refreshToken: null,
};

function read(): Session {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    if (!raw) return { ...signedOut };
    const stored = JSON.parse(raw) as Partial<Session>;
    return {
      userID: typeof stored.userID === 'number' ? stored.userID : null,
      userRole: isRole(stored.userRole) ? stored.userRole : null,
      userFirstName: typeof stored.userFirstName === 'string' ? stored.userFirstName : '',
      userLastName: typeof stored.userLastName === 'string' ? stored.userLastName : '',
      accessToken: typeof stored.accessToken === 'string' ? stored.accessToken : null,
      refreshToken: typeof stored.refreshToken === 'string' ? stored.refreshToken : null,
    };
  } catch {
    return { ...signedOut };
  }
}

/** The live session. Read it with `useSession()` in components; change it only through the functions below. */
export const session = proxy<Session>(read());

let writing = false;
subscribe(session, () => {
  if (writing) return;
  globalThis.localStorage?.setItem(storageKey, JSON.stringify(snapshot(session)));
});

/** Another tab refreshed the tokens or signed out: take its state (console-spec §4: one session per browser). */
globalThis.addEventListener?.('storage', (event: StorageEvent) => {
  if (event.key !== storageKey && event.key !== null) return;
  writing = true;
  Object.assign(session, read());
  queueMicrotask(() => {
    writing = false;
  });
});

/** Logged in when either token exists (console-spec §4). */
export function isLoggedIn(state: Pick<Session, 'accessToken' | 'refreshToken'> = session): boolean {
  return Boolean(state.accessToken || state.refreshToken);
}

export function signIn(answer: LoginAnswer): void {
  Object.assign(session, {
    userID: answer.user_id,
    userRole: answer.user_role,
    userFirstName: answer.first_name,
    userLastName: answer.last_name,
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
  } satisfies Session);
}

/** Keeps the tokens of a refresh (the refresh token rotates with every refresh) and the role the server has now. */
export function storeTokens(accessToken: string, refreshToken: string | undefined, role?: string): void {
  session.accessToken = accessToken;
  if (refreshToken) session.refreshToken = refreshToken;
  if (isRole(role)) session.userRole = role;
}

/** Resets every field of the session (the caller navigates to /login). */
export function clearSession(): void {
  Object.assign(session, signedOut);
}

export function useSession(): Readonly<Session> {
  return useSnapshot(session);
}
