import { useCallback, useMemo } from 'react';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../../domain/api';
import type { AnswerOf } from '../../../domain/endpoint';
import type { TableQuery } from '../../../domain/table-query';
import { type ApiError, call } from '../../../src/http';
import { filterQueryOf, type TableState } from '../../../src/ui/table';

type AuditAnswer = AnswerOf<typeof api.audit.list>;

const pageSize = 200;

/** The audit trail's pages through `POST audit/audit_filter`, cursor after cursor, for the table's filters and sort. */
export function useAuditEntries(state: TableState, enabled: boolean) {
  const body = useMemo<TableQuery>(() => ({ ...filterQueryOf(state), page_size: pageSize }), [state]);
  const base = `${api.audit.list.id} ${JSON.stringify(body)}`;
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<AuditAnswer, ApiError>(
    (index: number, previous: AuditAnswer | null) => {
      if (!enabled) return null;
      if (index === 0) return [base, null];
      const cursor = previous?.meta.next_cursor;
      return cursor ? [base, cursor] : null;
    },
    ([, cursor]: [string, string | null]) => call(api.audit.list, { body: { ...body, cursor } }),
    { revalidateFirstPage: false, keepPreviousData: true },
  );
  const rows = useMemo(() => (data ?? []).flatMap((page) => page.entries), [data]);
  const first = data?.[0];
  const hasMore = Boolean(data?.[data.length - 1]?.meta.next_cursor);
  const loadingMore = isValidating && (data?.length ?? 0) < size;
  const loadMore = useCallback(() => void setSize((current) => current + 1), [setSize]);
  return { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh: mutate };
}
