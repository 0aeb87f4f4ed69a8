import { navigate } from 'wouter/use-browser-location';
import { confirmLeave } from '../src/routing/leave-guard';

/** Goes to a page of the console (history mode), as a link would; a page with unsaved changes asks first. */
export function navigateTo(path: string, options: { replace?: boolean; state?: unknown } = {}): void {
  if (!confirmLeave(path)) return;
  navigate(path, { replace: options.replace ?? false, state: options.state ?? null });
}

/** The page of one customer, on a tab (default: general details). */
export function userPath(id: number, tab = 'general'): string {
  return `/users/${id}/${tab}`;
}
