import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { tableStateFromSearch, tableStateToSearch } from '../../../domain/table-url';
import type { TableState } from './types';

/** The table state kept in the address (filters, sort, columns): a pasted link or a reload shows the same view. */
export function useTableUrlState(): [TableState, (next: TableState) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const state = useMemo(() => tableStateFromSearch(search), [search]);
  const setState = useCallback(
    (next: TableState) => {
      const current = window.location.search;
      navigate(`${path}${tableStateToSearch(next, current)}`, { replace: true });
    },
    [path, navigate],
  );
  return [state, setState];
}
