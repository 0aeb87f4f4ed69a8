import type { ReactNode } from 'react';

/** A form's error, read out at once (role alert); nothing when there is none. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md bg-danger-soft px-2.5 py-1.5 text-sm text-danger">
      {children}
    </p>
  );
}
