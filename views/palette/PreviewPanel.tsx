import useSWR from 'swr';
import type { ActionCommand, Preview } from '../../commands/define';
import type { UserTarget } from '../../commands/target';
import { collectVersions } from '../../src/http';
import { FormError } from '../../src/ui/FormError';
import { Spinner } from '../../src/ui/Spinner';

/** The state of a command's server-priced preview: the confirm button waits for `ready`. */
export interface PreviewState {
  preview: Preview | undefined;
  error: string | undefined;
  /** Loaded, and the server did not block the action (or the command has no preview). */
  ready: boolean;
  /** The versions of the records the preview read (ETags), which its action sends back as If-Match. */
  versions: readonly string[];
}

interface Loaded {
  preview: Preview;
  versions: string[];
}

const noVersions: readonly string[] = [];

/**
 * Loads the command's preview for this target and these parameters (again whenever they change, never from a stale
 * cache: prices move), so the confirmation can show what the server will charge before anyone confirms. `round`
 * counts the server's stale refusals: each one loads it afresh.
 */
export function usePreview(
  command: ActionCommand,
  target: UserTarget | undefined,
  params: Record<string, unknown> | null,
  round = 0,
): PreviewState {
  const spec = command.preview;
  const key = spec && params ? ['preview', command.id, target?.id ?? null, JSON.stringify(params), round] : null;
  const { data, error } = useSWR<Loaded, { message?: string }>(
    key,
    // Not cancelled: a price that arrives after the page closed is only cached, never shown or acted on.
    async () => {
      const signal = new AbortController().signal;
      const read = collectVersions(signal);
      const preview = await (spec as NonNullable<typeof spec>).load({ target, params, signal } as never);
      return { preview, versions: read() };
    },
    { dedupingInterval: 0, revalidateOnFocus: false, revalidateIfStale: true, keepPreviousData: false },
  );
  if (!spec) return { preview: undefined, error: undefined, ready: true, versions: noVersions };
  const message = error ? (error.message ?? 'The price could not be loaded') : undefined;
  const preview = data?.preview;
  const ready = preview !== undefined && !preview.blocked && !error;
  return { preview, error: message, ready, versions: data?.versions ?? noVersions };
}

/** What the action will do, as the server priced it: the headline (amount and currency) and the priced lines. */
export function PreviewPanel({ state, before }: { state: PreviewState; before?: Preview | undefined }) {
  const { preview, error } = state;
  const earlier = new Map(before?.lines.map((line) => [line.label, line.value]));
  const changed = (label: string, value: string) => before !== undefined && earlier.get(label) !== value;
  if (error) return <FormError>{error}</FormError>;
  if (!preview) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner label="Pricing" /> Asking the server for the price…
      </p>
    );
  }
  return (
    <section aria-label="Preview" className="flex flex-col gap-2 rounded-md border border-line px-3 py-2">
      <p className="text-sm font-medium text-fg" data-testid="preview-headline">
        {preview.headline}
      </p>
      {preview.lines.length > 0 ? (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm tabular-nums">
          {preview.lines.map((line) => {
            const was = changed(line.label, line.value) ? earlier.get(line.label) : undefined;
            const mark = was !== undefined || (before !== undefined && !earlier.has(line.label));
            return (
              <div key={line.label} className="contents" data-changed={mark || undefined}>
                <dt className={line.emphasis ? 'font-medium text-fg' : 'text-muted'}>
                  {line.label}
                  {mark ? <span className="ml-2 rounded bg-warning/15 px-1 text-xs text-warning">changed</span> : null}
                </dt>
                <dd className={`text-right ${line.emphasis ? 'font-semibold text-fg' : 'text-fg'}`}>
                  {was !== undefined ? <s className="mr-2 text-muted">{was}</s> : null}
                  {line.value}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
      {preview.blocked ? (
        <p role="alert" className="text-sm text-danger">
          {preview.blocked}
        </p>
      ) : null}
    </section>
  );
}
