import type { ApiError } from '../../src/http';
import { EmptyState } from '../../src/ui/EmptyState';
import { Spinner } from '../../src/ui/Spinner';

/** A tab's content while its call loads, or when it failed. */
export function TabState({ what, loading, error }: { what: string; loading: boolean; error: ApiError | undefined }) {
  if (loading || !error) return <Spinner label={`Loading ${what}`} />;
  return <EmptyState title={`Could not load ${what}`} message={error.message} />;
}
