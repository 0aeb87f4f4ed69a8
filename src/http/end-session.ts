import { mutate } from 'swr';
import { navigate } from 'wouter/use-browser-location';
import { clearSession } from '../session/store';

/** Ends the session in this tab: resets it, forgets every cached answer, and goes to /login. */
export function endSession(): void {
  clearSession();
  void mutate(() => true, undefined, { revalidate: false });
  if (globalThis.location?.pathname !== '/login') navigate('/login', { replace: true });
}
