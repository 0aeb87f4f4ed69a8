import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../domain/api';
import type { AnswerOf } from '../../domain/endpoint';
import type { TableQuery } from '../../domain/table-query';
import { type ApiError, call } from '../../src/http';
import { filterQueryOf, type TableState } from '../../src/ui/table';

type PendingAnswer = AnswerOf<typeof api.projects.pending>;

/** Rows per page of the queue. */
const pendingPageSize = 100;

/** The queue's pages through `POST projects/pending_projects`, cursor after cursor, for the table's filters and sort. */
export function usePendingProjects(state: TableState) {
  const body = useMemo<TableQuery>(() => ({ ...filterQueryOf(state), page_size: pendingPageSize }), [state]);
  const base = `${api.projects.pending.id} ${JSON.stringify(body)}`;
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<PendingAnswer, ApiError>(
    (index: number, previous: PendingAnswer | null) => {
      if (index === 0) return [base, null];
      const cursor = previous?.meta.next_cursor;
      return cursor ? [base, cursor] : null;
    },
    ([, cursor]: [string, string | null]) => call(api.projects.pending, { body: { ...body, cursor } }),
    { revalidateFirstPage: false, keepPreviousData: true },
  );
  const rows = useMemo(() => (data ?? []).flatMap((page) => page.rows), [data]);
  const first = data?.[0];
  const hasMore = Boolean(data?.[data.length - 1]?.meta.next_cursor);
  const loadingMore = isValidating && (data?.length ?? 0) < size;
  const loadMore = useCallback(() => void setSize((current) => current + 1), [setSize]);
  return { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh: mutate };
}
