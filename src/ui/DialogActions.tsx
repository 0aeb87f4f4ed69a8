import type { ReactNode } from 'react';

/** The bar of buttons under a dialog's or a form's body, right-aligned above a rule (Back, then the main action). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex items-center justify-end gap-2 border-t border-line px-3 py-2">{children}</div>;
}
