import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../domain/api';
import type { ModelsAnswer } from '../../domain/models';
import type { TableQuery } from '../../domain/table-query';
import { type ApiError, call } from '../../src/http';
import { filterQueryOf, type TableState } from '../../src/ui/table';

/** Rows per page of the models list. */
const modelsPageSize = 100;

/** The models list's pages through `POST models/model_management/get_models`, for the table's filters and sort. */
export function useModels(state: TableState) {
  const body = useMemo<TableQuery>(() => ({ ...filterQueryOf(state), page_size: modelsPageSize }), [state]);
  const base = `${api.models.list.id} ${JSON.stringify(body)}`;
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<ModelsAnswer, ApiError>(
    (index: number, previous: ModelsAnswer | null) => {
      if (index === 0) return [base, null];
      const cursor = previous?.meta.next_cursor;
      return cursor ? [base, cursor] : null;
    },
    ([, cursor]: [string, string | null]) => call(api.models.list, { body: { ...body, cursor } }),
    // The first page is fetched again on every return to the list: a model changed elsewhere shows its new state.
    { revalidateFirstPage: true, keepPreviousData: true },
  );
  const rows = useMemo(() => (data ?? []).flatMap((page) => page.models), [data]);
  const first = data?.[0];
  const hasMore = Boolean(data?.[data.length - 1]?.meta.next_cursor);
  const loadingMore = isValidating && (data?.length ?? 0) < size;
  const loadMore = useCallback(() => void setSize((current) => current + 1), [setSize]);
  return { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh: mutate };
}
