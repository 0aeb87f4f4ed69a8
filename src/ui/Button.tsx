import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
  /** A trailing shortcut hint, e.g. `<Kbd>↵</Kbd>`. */
  hint?: ReactNode;
}

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-on-accent hover:bg-accent-hover border-transparent',
  secondary: 'bg-raised text-fg border-line hover:bg-hover hover:border-line-strong',
  ghost: 'bg-transparent text-muted border-transparent hover:bg-hover hover:text-fg',
  // Quiet on purpose: a destructive action is never the loudest button on a page (red text, a faint red outline).
  danger: 'bg-transparent text-danger border-danger/40 hover:bg-danger-soft hover:border-danger',
};

const sizes = { sm: 'h-6 px-2 text-xs gap-1', md: 'h-7 px-3 text-sm gap-1.5' } as const;

/** The console's button: dense, with a visible focus ring, a busy state and an optional shortcut hint. */
export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  hint,
  disabled,
  className = '',
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex shrink-0 cursor-pointer items-center justify-center rounded-md border font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${variants[variant]} ${sizes[size]} ${className}`}
      {...rest}
    >
      {busy ? <Spinner label="Working" /> : null}
      {children}
      {hint}
    </button>
  );
}
