import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../domain/api';
import type { AnswerOf } from '../../domain/endpoint';
import type { TableFilter, TableQuery } from '../../domain/table-query';
import { type ApiError, call } from '../../src/http';
import type { TableState } from '../../src/ui/table';

type OutboxAnswer = AnswerOf<typeof api.outbox.list>;

/** Rows per page of the outbox table. */
const outboxPageSize = 100;

/** The customer filter of a customer's e-mails (`user_id = id`). */
export function customerFilter(id: number): TableFilter {
  return { kind: 'number', column: 'user_id', op: 'eq', value: id };
}

/** The outbox's pages through `POST outbox/outbox_filter`, cursor after cursor; `fixed` filters are always applied. */
export function useOutbox(state: TableState, fixed: readonly TableFilter[] = []) {
  const body = useMemo<TableQuery>(
    () => ({
      filters: [...fixed, ...state.filters],
      ...(state.sort ? { sort: state.sort } : {}),
      page_size: outboxPageSize,
    }),
    [state, fixed],
  );
  const base = `${api.outbox.list.id} ${JSON.stringify(body)}`;
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<OutboxAnswer, ApiError>(
    (index: number, previous: OutboxAnswer | null) => {
      if (index === 0) return [base, null];
      const cursor = previous?.meta.next_cursor;
      return cursor ? [base, cursor] : null;
    },
    ([, cursor]: [string, string | null]) => call(api.outbox.list, { body: { ...body, cursor } }),
    { revalidateFirstPage: false, keepPreviousData: true },
  );
  const rows = useMemo(() => (data ?? []).flatMap((page) => page.emails), [data]);
  const first = data?.[0];
  const hasMore = Boolean(data?.[data.length - 1]?.meta.next_cursor);
  const loadingMore = isValidating && (data?.length ?? 0) < size;
  const loadMore = useCallback(() => void setSize((current) => current + 1), [setSize]);
  return { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh: mutate };
}
