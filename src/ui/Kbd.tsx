import type { ReactNode } from 'react';

/** A key or shortcut hint, e.g. `<Kbd>Ctrl</Kbd><Kbd>K</Kbd>`. */
export function Kbd({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <kbd
      className={`inline-flex h-[18px] min-w-[18px] items-center justify-center rounded border border-line bg-raised px-1 font-sans text-[10px] leading-none font-medium text-muted ${className}`}
    >
      {children}
    </kbd>
  );
}
