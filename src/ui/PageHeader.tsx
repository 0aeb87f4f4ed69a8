import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  /** A short line under the title. */
  subtitle?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
  /** Below the title row, e.g. `<Tabs/>`. */
  children?: ReactNode;
}

/** The top of every page: the title (the page's only h1), a subtitle, actions, and the tabs. */
export function PageHeader({ title, subtitle, actions, children }: PageHeaderProps) {
  return (
    <header className="border-b border-line bg-panel px-4 pt-3 md:px-6">
      {/* The actions move under the title when both do not fit on one line (narrow windows). */}
      <div className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-2 pb-2">
        <div className="min-w-[min(16rem,100%)] flex-1">
          <h1 className="truncate text-base font-semibold text-fg">{title}</h1>
          {subtitle ? <div className="text-xs text-muted">{subtitle}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </header>
  );
}
