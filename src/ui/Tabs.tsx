import type { KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';

/** One tab: where it leads and what it says. */
export interface TabLink {
  href: string;
  label: string;
}

function isActive(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}

function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
  const current = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (current < 0 || links.length === 0) return;
  event.preventDefault();
  const last = links.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : (current + (event.key === 'ArrowRight' ? 1 : -1) + links.length) % links.length;
  links[next]?.focus();
}

/** URL-addressed tabs: plain links (Tab reaches them, ←/→ move between them), the current one marked. */
export function Tabs({ tabs, label }: { tabs: readonly TabLink[]; label: string }) {
  const [location] = useLocation();
  if (tabs.length === 0) return null;
  return (
    <nav aria-label={label} onKeyDown={moveFocus} className="-mb-px flex gap-1 overflow-x-auto">
      {tabs.map((tab) => {
        const active = isActive(location, tab.href);
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? 'page' : undefined}
            className={`rounded-t-sm border-b-2 px-2 py-1.5 text-sm whitespace-nowrap transition-colors ${
              active ? 'border-accent font-medium text-fg' : 'border-transparent text-muted hover:text-fg'
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
