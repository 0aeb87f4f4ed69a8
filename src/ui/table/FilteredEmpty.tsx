import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import type { TableState } from './types';

/** Props of `FilteredEmpty`. */
export interface FilteredEmptyProps {
  title: string;
  /** Said when nothing matches (the last page's error is said instead, when it failed). */
  message: string;
  error: { message: string } | undefined;
  /** The table's state: "Clear filters" shows while it has any, and clears them through `onStateChange`. */
  state: TableState;
  onStateChange: (state: TableState) => void;
}

/** A filtered list's empty state: why it is empty, and "Clear filters" while filters are set. */
export function FilteredEmpty({ title, message, error, state, onStateChange }: FilteredEmptyProps) {
  return (
    <EmptyState title={title} message={error ? error.message : message}>
      {state.filters.length ? (
        <Button onClick={() => onStateChange({ ...state, filters: [] })}>Clear filters</Button>
      ) : null}
    </EmptyState>
  );
}
