import type { ReactNode } from 'react';
import { Spinner } from '../Spinner';

const count = new Intl.NumberFormat('en-US');

/** A list's total as its meta gives it: "1,234", or "≈ 1,234" when the server estimated it. */
export function formatTotal(total: number, estimate: boolean): string {
  return `${estimate ? '≈ ' : ''}${count.format(total)}`;
}

/** A paged list's toolbar status, read out politely when it changes: a spinner while a page loads, then `children`. */
export function ListStatus({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <span className="flex items-center gap-2 text-xs text-muted" aria-live="polite">
      {busy ? <Spinner label="Loading" /> : null}
      {children}
    </span>
  );
}

/** Props of `ListTotal`. */
export interface ListTotalProps {
  /** A page is loading (the first one again after a filter change, or the next one). */
  busy: boolean;
  total: number;
  /** The server estimated the total (past its count limit): shown as "≈". */
  estimate: boolean;
  /** What the total counts: "models", "waiting". */
  noun: string;
  /** The test handle of the total's text. */
  testId?: string;
}

/** A paged list's toolbar status with its total ("≈ 1,234 models"): `ListStatus` with the usual words. */
export function ListTotal({ busy, total, estimate, noun, testId }: ListTotalProps) {
  return (
    <ListStatus busy={busy}>
      <span data-testid={testId}>
        {formatTotal(total, estimate)} {noun}
      </span>
    </ListStatus>
  );
}
