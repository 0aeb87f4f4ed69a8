import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { openPalette } from '../../commands/palette-state';
import { currentEnvironment } from '../../src/routing/use-document-title';
import { LazyCommandLayer } from './LazyCommandLayer';
import { PaletteHint } from './PaletteHint';
import { SideNav } from './SideNav';
import { SignedInPerson } from './SignedInPerson';

const environmentBadge = {
  local: 'dev',
  staging: 'staging',
  production: null,
  unknown: 'unknown',
} as const;

/** The signed-in frame around every page: navigation, palette hint, the person, and the page itself. */
export function Shell({ children }: { children: ReactNode }) {
  const badge = environmentBadge[currentEnvironment];
  return (
    <div className="flex h-dvh flex-col bg-canvas text-fg md:flex-row">
      <a
        href="#main"
        className="sr-only rounded bg-accent px-2 py-1 text-on-accent focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <aside className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-line bg-panel px-3 py-2 md:w-52 md:flex-col md:flex-nowrap md:items-stretch md:border-r md:border-b-0 md:py-3 lg:w-56">
        <Link href="/users/last-viewed" className="flex items-center gap-2 rounded px-1 text-sm font-semibold">
          <span className="flex size-5 items-center justify-center rounded bg-accent text-[11px] text-on-accent">
            L
          </span>
          <span>Loupe</span>
          {badge ? (
            <span className="rounded bg-warning-soft px-1 text-[10px] font-medium text-warning">{badge}</span>
          ) : null}
        </Link>
        <div className="min-w-0 flex-1 md:flex-none">
          <PaletteHint onOpen={openPalette} />
        </div>
        <div className="order-last w-full min-w-0 md:order-none md:w-auto md:flex-1">
          <SideNav />
        </div>
        <div className="md:border-t md:border-line md:pt-2">
          <SignedInPerson />
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col overflow-auto outline-none">
        {children}
      </main>
      <LazyCommandLayer />
    </div>
  );
}
