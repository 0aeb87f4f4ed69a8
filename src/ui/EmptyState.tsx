import type { ReactNode } from 'react';

/** A quiet message where content would be: a title, an optional line, and optional actions. */
export function EmptyState({ title, message, children }: { title: string; message?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-line px-6 py-12 text-center">
      <p className="text-sm font-medium text-fg">{title}</p>
      {message ? <p className="max-w-md text-sm text-muted">{message}</p> : null}
      {children ? <div className="mt-2 flex gap-2">{children}</div> : null}
    </div>
  );
}
