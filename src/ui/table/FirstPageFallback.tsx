import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { Spinner } from '../Spinner';
import type { TableState } from './types';

/** Props of `FirstPageFallback`. */
export interface FirstPageFallbackProps {
  /** What the list holds, as the messages name it: "the models" ("Loading the models", "Could not load the models"). */
  what: string;
  isLoading: boolean;
  /** The failure; a `status` of 400–499 means the request itself was refused (asking again would fail alike). */
  error: { message: string; status?: number } | undefined;
  onRetry: () => void;
  /** The table's filters from the address: a refused request with filters set offers "Clear filters". */
  state?: TableState;
  onStateChange?: (state: TableState) => void;
}

/**
 * What a list shows before its first page (or its one answer) is there: a spinner while it loads, the error with
 * "Try again" when it failed, nothing otherwise (render the table once there is a page). When the server refused the
 * filters the address carries (a pasted or old link whose filter cannot be read), asking again would only fail
 * again: it offers "Clear filters" instead.
 */
export function FirstPageFallback({ what, isLoading, error, onRetry, state, onStateChange }: FirstPageFallbackProps) {
  if (isLoading) return <Spinner label={`Loading ${what}`} />;
  if (!error) return null;
  const refused = error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 408;
  if (refused && state && onStateChange && state.filters.length > 0) {
    return (
      <EmptyState title="The filters in this address cannot be read" message={error.message}>
        <Button variant="primary" onClick={() => onStateChange({ ...state, filters: [] })}>
          Clear filters
        </Button>
      </EmptyState>
    );
  }
  return (
    <EmptyState title={`Could not load ${what}`} message={error.message}>
      <Button onClick={onRetry}>Try again</Button>
    </EmptyState>
  );
}
