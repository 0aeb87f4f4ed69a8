import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { AnswerOf, Endpoint } from '../../domain/endpoint';
import type { TableQuery } from '../../domain/table-query';
import { type ApiError, call } from '../../src/http';
import { filterQueryOf, type TableState } from '../../src/ui/table';

/** Rows per page of the partners area's lists. */
const pageSize = 100;

type PagedAnswer = { meta: { next_cursor: string | null } };

/**
 * One of the area's filtered lists (`partners_filter`, `activities_filter`, `marketing_activities_filter`), page after
 * page by cursor, for the table's filters and sort; `rowsOf` picks the rows out of an answer.
 */
export function usePagedList<E extends Endpoint, R>(
  endpoint: E,
  state: TableState,
  rowsOf: (answer: AnswerOf<E>) => readonly R[],
) {
  const body = useMemo<TableQuery>(() => ({ ...filterQueryOf(state), page_size: pageSize }), [state]);
  const base = `${endpoint.id} ${JSON.stringify(body)}`;
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<AnswerOf<E>, ApiError>(
    (index: number, previous: AnswerOf<E> | null) => {
      if (index === 0) return [base, null];
      const cursor = (previous as PagedAnswer | null)?.meta?.next_cursor;
      return cursor ? [base, cursor] : null;
    },
    ([, cursor]: [string, string | null]) =>
      call(endpoint as Endpoint, { body: { ...body, cursor } }) as Promise<AnswerOf<E>>,
    { revalidateFirstPage: false, keepPreviousData: true },
  );
  const rows = useMemo(() => (data ?? []).flatMap((page) => [...(rowsOf(page) ?? [])]), [data, rowsOf]);
  const first = data?.[0];
  const hasMore = Boolean((data?.[data.length - 1] as PagedAnswer | undefined)?.meta?.next_cursor);
  const loadingMore = isValidating && (data?.length ?? 0) < size;
  const loadMore = useCallback(() => void setSize((current) => current + 1), [setSize]);
  return { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh: mutate };
}
