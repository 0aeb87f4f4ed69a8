import { lazy, Suspense } from 'react';
import { Spinner } from '../Spinner';
import type { FilterEditorProps } from './FilterEditor';

const FilterEditor = lazy(() => import('./FilterEditor').then((module) => ({ default: module.FilterEditor })));

/**
 * The filter editor, loaded when a filter popover first opens: it validates with the filter schemas (zod), which the
 * first screen's tables do not need to show their rows.
 */
export function LazyFilterEditor(props: FilterEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-24 w-72 items-center justify-center p-3 text-muted">
          <Spinner label="Loading the filter" />
        </div>
      }
    >
      <FilterEditor {...props} />
    </Suspense>
  );
}
