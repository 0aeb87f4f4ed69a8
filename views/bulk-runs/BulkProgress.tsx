import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { runFinished, runShare, trackedRuns, untrackRun } from '../../commands/bulk/progress';
import { bulkCommandVerb } from './labels';

const count = new Intl.NumberFormat('en-US');

/**
 * The progress toasts of the runs this tab started (bottom right, above the page): a bar, the counts, and a link
 * that opens the run's page; a finished run's toast stays until closed, naming what failed.
 */
export function BulkProgress() {
  const { runs } = useSnapshot(trackedRuns);
  if (runs.length === 0) return null;
  return (
    <section aria-label="Bulk runs" className="fixed right-4 bottom-4 z-30 flex w-80 flex-col gap-2">
      {runs.map((run) => {
        const share = runShare(run);
        const ended = runFinished(run);
        const title = `${bulkCommandVerb(run.command)} ${count.format(run.total)} ${run.total === 1 ? 'customer' : 'customers'}`;
        return (
          <div
            key={run.id}
            role="status"
            aria-label={`Bulk run ${run.id}`}
            className="rounded-lg border border-line bg-panel p-3 text-sm text-fg shadow-lg shadow-black/30"
          >
            <div className="flex items-center gap-2">
              <p className="min-w-0 flex-1 truncate font-medium">{title}</p>
              <button
                type="button"
                aria-label={`Close the progress of run ${run.id}`}
                onClick={() => untrackRun(run.id)}
                className="rounded px-1 text-muted hover:text-fg"
              >
                ×
              </button>
            </div>
            <progress
              className="mt-2 h-1.5 w-full accent-accent"
              max={1}
              value={share}
              aria-label={`Run ${run.id} progress`}
            />
            <p className="mt-1 text-xs text-muted tabular-nums">
              {ended
                ? `${run.state === 'done' ? 'Finished' : run.state === 'cancelled' ? 'Cancelled' : 'Stopped'}: `
                : ''}
              {count.format(run.done)} done · {count.format(run.skipped)} skipped · {count.format(run.failed)} failed
              {ended ? '' : ` · ${Math.round(share * 100)} %`}
            </p>
            <Link href={`/bulk-runs/${run.id}`} className="mt-1 inline-block text-xs text-accent underline">
              Open run #{run.id}
            </Link>
          </div>
        );
      })}
    </section>
  );
}
