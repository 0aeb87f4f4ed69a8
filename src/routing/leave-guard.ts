import { useEffect } from 'react';

const leaveMessage = 'You have unsaved changes. Leave this page and lose them?';
const guards = new Set<() => boolean>();

function dirty(): boolean {
  return [...guards].some((isDirty) => isDirty());
}

/**
 * Asks before leaving a page with unsaved changes: true when there are none, or the person agreed to lose them.
 * A change of the query only (same path) never asks.
 */
export function confirmLeave(toPath: string): boolean {
  const path = toPath.split(/[?#]/)[0];
  if (path === globalThis.location?.pathname || !dirty()) return true;
  return globalThis.confirm(leaveMessage);
}

function linkPath(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return;
  const url = new URL(anchor.href, location.href);
  return url.origin === location.origin ? url.pathname : undefined;
}

/**
 * While `isDirty()` says so, leaving the page asks first: links inside the console, `navigateTo` (commands,
 * shortcuts) and closing or reloading the tab.
 */
export function useLeaveGuard(isDirty: () => boolean): void {
  useEffect(() => {
    guards.add(isDirty);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      const path = linkPath(event);
      if (path === undefined || confirmLeave(path)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      guards.delete(isDirty);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [isDirty]);
}
