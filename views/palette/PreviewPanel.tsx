import useSWR from 'swr';
import type { ActionCommand, Preview } from '../../commands/define';
import type { UserTarget } from '../../commands/target';
import { FormError } from '../../src/ui/FormError';
import { Spinner } from '../../src/ui/Spinner';

/** The state of a command's server-priced preview: the confirm button waits for `ready`. */
export interface PreviewState {
  preview: Preview | undefined;
  error: string | undefined;
  /** Loaded, and the server did not block the action (or the command has no preview). */
  ready: boolean;
}

/**
 * Loads the command's preview for this target and these parameters (again whenever they change, never from a stale
 * cache: prices move), so the confirmation can show what the server will charge before anyone confirms.
 */
export function usePreview(
  command: ActionCommand,
  target: UserTarget | undefined,
  params: Record<string, unknown> | null,
): PreviewState {
  const spec = command.preview;
  const key = spec && params ? ['preview', command.id, target?.id ?? null, JSON.stringify(params)] : null;
  const { data, error } = useSWR<Preview, { message?: string }>(
    key,
    // Not cancelled: a price that arrives after the page closed is only cached, never shown or acted on.
    () => (spec as NonNullable<typeof spec>).load({ target, params, signal: new AbortController().signal } as never),
    { dedupingInterval: 0, revalidateOnFocus: false, revalidateIfStale: true, keepPreviousData: false },
  );
  if (!spec) return { preview: undefined, error: undefined, ready: true };
  const message = error ? (error.message ?? 'The price could not be loaded') : undefined;
  return { preview: data, error: message, ready: data !== undefined && !data.blocked && !error };
}

/** What the action will do, as the server priced it: the headline (amount and currency) and the priced lines. */
export function PreviewPanel({ state }: { state: PreviewState }) {
  const { preview, error } = state;
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
          {preview.lines.map((line) => (
            <div key={line.label} className="contents">
              <dt className={line.emphasis ? 'font-medium text-fg' : 'text-muted'}>{line.label}</dt>
              <dd className={`text-right ${line.emphasis ? 'font-semibold text-fg' : 'text-fg'}`}>{line.value}</dd>
            </div>
          ))}
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
