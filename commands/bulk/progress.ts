import { proxy } from 'valtio';
import { api } from '../../domain/api';
import type { BulkRun } from '../../domain/bulk';
import type { Endpoint } from '../../domain/endpoint';
import { call, revalidateCalls } from '../../src/http';

/** The runs this tab follows in progress toasts (newest last), until each finished and was dismissed. */
export const trackedRuns = proxy<{ runs: BulkRun[] }>({ runs: [] });

const pollMs = 700;
const finished = (run: BulkRun) => run.state === 'done' || run.state === 'failed' || run.state === 'cancelled';
let timer: ReturnType<typeof setTimeout> | null = null;
const refreshes = new Map<number, readonly Endpoint[]>();

async function poll(): Promise<void> {
  timer = null;
  const open = trackedRuns.runs.filter((run) => !finished(run));
  await Promise.all(
    open.map(async (run) => {
      try {
        const answer = await call(api.bulkRuns.get, { params: { run_id: run.id }, query: { limit: 1 } });
        const index = trackedRuns.runs.findIndex((each) => each.id === run.id);
        if (index >= 0) trackedRuns.runs[index] = answer.run;
        if (finished(answer.run)) void revalidateCalls(...(refreshes.get(run.id) ?? []), api.users.filter);
      } catch {
        // The next poll tries again; the run page shows the run either way.
      }
    }),
  );
  schedule();
}

function schedule(): void {
  if (timer || !trackedRuns.runs.some((run) => !finished(run))) return;
  timer = setTimeout(() => void poll(), pollMs);
}

/** Follows a run (just started, or retried) in a progress toast; `revalidates` refresh once it finished. */
export function trackRun(run: BulkRun, revalidates: readonly Endpoint[] = []): void {
  refreshes.set(run.id, revalidates);
  const index = trackedRuns.runs.findIndex((each) => each.id === run.id);
  if (index >= 0) trackedRuns.runs[index] = run;
  else trackedRuns.runs.push(run);
  schedule();
}

/** Closes a run's progress toast (the run goes on). */
export function untrackRun(id: number): void {
  const index = trackedRuns.runs.findIndex((each) => each.id === id);
  if (index >= 0) trackedRuns.runs.splice(index, 1);
}

/** Share of the run's rows that ran, 0–1. */
export function runShare(run: BulkRun): number {
  if (run.total === 0) return 1;
  return Math.min(1, (run.done + run.skipped + run.failed + run.cancelled) / run.total);
}

export { finished as runFinished };
