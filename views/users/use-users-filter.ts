import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { AnswerOf } from '../../domain/endpoint';
import type { TableQuery } from '../../domain/table-query';
import type { CustomerRow } from '../../domain/users';
import { type ApiError, call } from '../../src/http';
import { api } from '../../src/http/addresses';
import { filterQueryOf, type TableState } from '../../src/ui/table';

type FilterAnswer = AnswerOf<typeof api.users.filter>;

/** Rows per page of the all-users table. */
export const usersPageSize = 200;
/** Always asked for, whatever columns are shown: the row's name, e-mail and status drive commands and menus. */
const alwaysColumns = ['id', 'email', 'first_name', 'last_name', 'status'];

/** The `users_filter` body for a table state (without the cursor). */
export function usersFilterBody(state: TableState, pageSize = usersPageSize): TableQuery {
  return {
    ...filterQueryOf(state),
    ...(state.columns ? { columns: [...new Set([...alwaysColumns, ...state.columns])] } : {}),
    page_size: pageSize,
  };
}

/** The all-users table's pages through `POST users/users_filter`, cursor after cursor, as one list of rows. */
export function useUsersFilter(state: TableState) {
  const body = useMemo(() => usersFilterBody(state), [state]);
  const base = `${api.users.filter.id} ${JSON.stringify(body)}`;
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<FilterAnswer, ApiError>(
    (index: number, previous: FilterAnswer | null) => {
      if (index === 0) return [base, null];
      const cursor = previous?.meta.next_cursor;
      return cursor ? [base, cursor] : null;
    },
    ([, cursor]: [string, string | null]) => call(api.users.filter, { body: { ...body, cursor } }),
    { revalidateFirstPage: false, revalidateOnFocus: false, keepPreviousData: true },
  );
  // Rows carry the shown columns plus `alwaysColumns`: enough for names, menus and commands' availability.
  const rows = useMemo(() => (data ?? []).flatMap((page) => page.users as CustomerRow[]), [data]);
  const first = data?.[0];
  const last = data?.[data.length - 1];
  const hasMore = Boolean(last?.meta.next_cursor);
  const loadingMore = isValidating && (data?.length ?? 0) < size;
  const loadMore = useCallback(() => void setSize((current) => current + 1), [setSize]);
  return { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh: mutate };
}
