import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { Spinner } from '../Spinner';

/** Props of `FirstPageFallback`. */
export interface FirstPageFallbackProps {
  /** What the list holds, as the messages name it: "the models" ("Loading the models", "Could not load the models"). */
  what: string;
  isLoading: boolean;
  error: { message: string } | undefined;
  onRetry: () => void;
}

/**
 * What a list shows before its first page (or its one answer) is there: a spinner while it loads, the error with
 * "Try again" when it failed, nothing otherwise (render the table once there is a page).
 */
export function FirstPageFallback({ what, isLoading, error, onRetry }: FirstPageFallbackProps) {
  if (isLoading) return <Spinner label={`Loading ${what}`} />;
  if (!error) return null;
  return (
    <EmptyState title={`Could not load ${what}`} message={error.message}>
      <Button onClick={onRetry}>Try again</Button>
    </EmptyState>
  );
}
