import { type ReactNode, useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { signOut } from '../session/sign-out';
import { isLoggedIn, useSession } from '../session/store';
import { toast } from '../ui/toast-store';
import { decideNavigation } from './guard';

/** How long the reason for a redirect stays: long enough to read a sentence after the page changed. */
const reasonTimeout = 6000;

/** Goes to `to` and says why in a toast (shown once, wherever the person lands). */
function RedirectWithReason({ to, reason }: { to: string; reason: string }) {
  useEffect(() => {
    toast({ title: 'Not allowed', message: reason, type: 'negative', timeout: reasonTimeout });
  }, [reason]);
  return <Redirect to={to} replace />;
}

/**
 * Applies the navigation guard to everything inside the shell: login, allowed roles, per-route permissions. A
 * redirect away from a page the role may not open says why (toast "Not allowed" with the guard's reason).
 */
export function RequireAccess({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const current = useSession();
  const decision = decideNavigation({ path, search }, { loggedIn: isLoggedIn(current), role: current.userRole });
  useEffect(() => {
    if (decision.kind === 'logout') void signOut();
  }, [decision.kind]);
  if (decision.kind === 'redirect') {
    return decision.reason ? (
      <RedirectWithReason to={decision.to} reason={decision.reason} />
    ) : (
      <Redirect to={decision.to} replace />
    );
  }
  if (decision.kind === 'logout') return null;
  return children;
}
