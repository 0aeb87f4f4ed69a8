import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../domain/api';
import type { AnswerOf } from '../../domain/endpoint';
import type { TableQuery } from '../../domain/table-query';
import { type ApiError, call } from '../../src/http';
import { filterQueryOf, type TableState } from '../../src/ui/table';

type OutboxAnswer = AnswerOf<typeof api.outbox.list>;

/** Rows per page of the outbox table. */
const outboxPageSize = 100;

/**
 * The outbox's pages, cursor after cursor: one customer's e-mails (`customerId`, `POST users/{id}/outbox/outbox_filter`,
 * for whoever may open the customer) or every customer's (`POST outbox/outbox_filter`, `see_all_users`).
 */
export function useOutbox(state: TableState, customerId?: number) {
  const body = useMemo<TableQuery>(
    () => ({
      ...filterQueryOf(state),
      page_size: outboxPageSize,
    }),
    [state],
  );
  const endpoint = customerId === undefined ? api.outbox.list : api.outbox.customerList;
  const base = `${endpoint.id} ${customerId ?? ''} ${JSON.stringify(body)}`;
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<OutboxAnswer, ApiError>(
    (index: number, previous: OutboxAnswer | null) => {
      if (index === 0) return [base, null];
      const cursor = previous?.meta.next_cursor;
      return cursor ? [base, cursor] : null;
    },
    ([, cursor]: [string, string | null]) =>
      customerId === undefined
        ? call(api.outbox.list, { body: { ...body, cursor } })
        : call(api.outbox.customerList, { params: { user_id: customerId }, body: { ...body, cursor } }),
    { revalidateFirstPage: false, keepPreviousData: true },
  );
  const rows = useMemo(() => (data ?? []).flatMap((page) => page.emails), [data]);
  const first = data?.[0];
  const hasMore = Boolean(data?.[data.length - 1]?.meta.next_cursor);
  const loadingMore = isValidating && (data?.length ?? 0) < size;
  const loadMore = useCallback(() => void setSize((current) => current + 1), [setSize]);
  return { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh: mutate };
}
