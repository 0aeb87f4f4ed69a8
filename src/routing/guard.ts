import { refusalOf } from '../../domain/labels';
import { can, type Permission } from '../../domain/permissions';
import { consoleRoles, type Role } from '../../domain/roles';
import { areas } from '../navigation';

/** A route that needs a permission, and where to send those who lack it. `/*` at the end also matches sub-paths. */
export interface GuardRule {
  path: string;
  permission: Permission;
  redirectTo: string;
  /** The page's name in the reason people are shown ("Models", "All users"). */
  title: string;
}

/** Where a signed-in person lands by default. */
export const homePath = '/users/last-viewed';

/** Paths outside the signed-in shell. */
export const publicPaths: readonly string[] = ['/login'];

/** The roles allowed into the console at all (every staff role; the spec leaves the list unshown). */
export const allowedRoles: readonly Role[] = consoleRoles;

const areaRules: GuardRule[] = areas.flatMap((area) => [
  ...(area.permission
    ? [{ path: `${area.path}/*`, permission: area.permission, redirectTo: homePath, title: area.title }]
    : []),
  ...area.tabs.flatMap((tab) =>
    tab.permission
      ? [{ path: `${area.path}/${tab.slug}`, permission: tab.permission, redirectTo: area.path, title: tab.title }]
      : [],
  ),
]);

/**
 * The guard as data, first match wins: console-spec §2's two rules (all-users needs see_all_users, models need
 * see_models, both → Users), then every area and tab permission of the navigation, so a typed URL cannot open
 * what the navigation hides.
 */
export const guardRules: readonly GuardRule[] = [
  { path: '/users/all-users', permission: 'see_all_users', redirectTo: homePath, title: 'All users' },
  { path: '/models/*', permission: 'see_models', redirectTo: homePath, title: 'Models' },
  ...areaRules,
];

/**
 * What the guard decides for one navigation. A redirect away from a page the role may not open carries the `reason`
 * people are shown ("Only admins, support agents and partner managers may open Models"); the one to login needs none.
 */
export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; reason?: string } | { kind: 'logout' };

/** Why a role was sent away from a rule's page, naming who may open it ("Only admins may open Staff"). */
export function forbiddenReason(rule: Pick<GuardRule, 'permission' | 'title'>): string {
  return refusalOf(rule.permission, `open ${rule.title}`);
}

/** Who is navigating: signed in (either token held) and with which role. */
export interface Visitor {
  loggedIn: boolean;
  role: Role | null;
}

function normalized(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a rule's path covers this path (trailing slashes ignored). */
export function matchesRule(pattern: string, path: string): boolean {
  const target = normalized(path);
  if (!pattern.endsWith('/*')) return normalized(pattern) === target;
  const base = pattern.slice(0, -2);
  return target === base || target.startsWith(`${base}/`);
}

/** The login page, remembering where the person wanted to go. */
export function loginPath(wanted: string): string {
  return wanted && wanted !== '/' && !publicPaths.includes(wanted)
    ? `/login?next=${encodeURIComponent(wanted)}`
    : '/login';
}

/** A `next` target if it is a path of this console (never another origin), else the home page. */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return homePath;
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return homePath;
  }
  if (url.origin !== base || publicPaths.includes(normalized(url.pathname))) return homePath;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The navigation guard: not signed in → login (with `next`); signed in without an allowed role → logout
 * (console-spec §5); a rule whose permission the role lacks → its redirect, with the reason; else allow.
 */
export function decideNavigation(
  location: { path: string; search?: string },
  visitor: Visitor,
  rules: readonly GuardRule[] = guardRules,
): GuardDecision {
  if (publicPaths.includes(normalized(location.path))) return { kind: 'allow' };
  if (!visitor.loggedIn) {
    const search = location.search ? (location.search.startsWith('?') ? location.search : `?${location.search}`) : '';
    return { kind: 'redirect', to: loginPath(`${location.path}${search}`) };
  }
  if (!visitor.role || !allowedRoles.includes(visitor.role)) return { kind: 'logout' };
  for (const rule of rules) {
    if (matchesRule(rule.path, location.path) && !can(visitor.role, rule.permission)) {
      return { kind: 'redirect', to: rule.redirectTo, reason: forbiddenReason(rule) };
    }
  }
  return { kind: 'allow' };
}
