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
      <div className="flex min-h-8 items-center gap-3 pb-2">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold text-fg">{title}</h1>
          {subtitle ? <p className="truncate text-xs text-muted">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </header>
  );
}
