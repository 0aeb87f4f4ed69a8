import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../domain/api';
import type { BulkRow, BulkRowState } from '../../domain/bulk';
import { call, useCall } from '../../src/http';

const pageSize = 200;

/** A run and its rows (by state or all), the run polled while it goes on, later rows loaded as the table asks. */
export function useRunRows(runId: number, state: BulkRowState | undefined) {
  const [running, setRunning] = useState(true);
  const query = useMemo(() => ({ limit: pageSize, ...(state ? { state } : {}) }), [state]);
  const first = useCall(
    api.bulkRuns.get,
    { params: { run_id: runId }, query },
    {
      refreshInterval: running ? 1000 : 0,
    },
  );
  const run = first.data?.run;
  useEffect(() => {
    if (run) setRunning(run.state === 'queued' || run.state === 'running');
  }, [run]);
  const [more, setMore] = useState<{ key: string; rows: BulkRow[]; next: number | null }>({
    key: '',
    rows: [],
    next: null,
  });
  const key = `${runId}:${state ?? ''}:${first.data?.next_after ?? ''}`;
  const extra = more.key === key ? more : { key, rows: [], next: first.data?.next_after ?? null };
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = useCallback(() => {
    if (extra.next === null || loadingMore) return;
    setLoadingMore(true);
    call(api.bulkRuns.get, { params: { run_id: runId }, query: { ...query, after: extra.next } })
      .then((answer) => setMore({ key, rows: [...extra.rows, ...answer.rows], next: answer.next_after }))
      .finally(() => setLoadingMore(false));
  }, [extra, loadingMore, runId, key, query]);
  return {
    ...first,
    rows: [...(first.data?.rows ?? []), ...extra.rows],
    hasMore: extra.next !== null,
    loadingMore,
    loadMore,
  };
}
