import { type ReactNode, useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { decideNavigation } from '../routing/guard';
import { isLoggedIn, useSession } from '../session/store';
import { signOut } from './sign-out';

/** Applies the navigation guard to everything inside the shell: login, allowed roles, per-route permissions. */
export function RequireAccess({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const current = useSession();
  const decision = decideNavigation({ path, search }, { loggedIn: isLoggedIn(current), role: current.userRole });
  useEffect(() => {
    if (decision.kind === 'logout') void signOut();
  }, [decision.kind]);
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'logout') return null;
  return children;
}
