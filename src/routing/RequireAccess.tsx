import { type ReactNode, useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { signOut } from '../session/sign-out';
import { isLoggedIn, useSession } from '../session/store';
import { decideNavigation } from './guard';

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
