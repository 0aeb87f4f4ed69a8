import { navigate } from 'wouter/use-browser-location';

/** Goes to a page of the console (history mode), as a link would. */
export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  navigate(path, { replace: options.replace ?? false });
}

/** The page of one customer, on a tab (default: general details). */
export function userPath(id: number, tab = 'general'): string {
  return `/users/${id}/${tab}`;
}
