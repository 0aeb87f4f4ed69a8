import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { requestApproval } from '../../commands/approval-request';
import type { ActionCommand, FieldSpec } from '../../commands/define';
import { previewVersions, setPreviewVersions } from '../../commands/preview-versions';
import { paramsOfRun } from '../../commands/run-state';
import { confirmRun, runner, setQuote, stepBack } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import { api } from '../../domain/api';
import type { Endpoint } from '../../domain/endpoint';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { DialogActions } from '../../src/ui/DialogActions';
import { FormError } from '../../src/ui/FormError';
import type { FieldOption } from '../../src/ui/fields/types';
import { Kbd } from '../../src/ui/Kbd';
import { PageTitle } from './PageTitle';
import { PreviewPanel, usePreview } from './PreviewPanel';
import { RunPresence } from './RunPresence';
import { useStalePreview } from './useStalePreview';

const noEndpoint: Endpoint = api.users.lastViewed;

function shown(spec: FieldSpec, value: unknown, options: readonly FieldOption[], symbol?: string): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === undefined || value === null || value === '') return '—';
  if (spec.kind === 'money' && typeof value === 'number') {
    return `${symbol ?? ''}${value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  return options.find((option) => option.value === String(value))?.label ?? String(value);
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A parameter as confirmed: option labels rather than codes (fetched ones from the cache), money with its symbol. */
function ConfirmValue({ spec, value }: { spec: FieldSpec; value: unknown }) {
  const { userRole } = useSession();
  const source = spec.options && 'endpoint' in spec.options ? spec.options : undefined;
  const input = source ? source.input({ role: userRole, target: runner.run?.target }) : null;
  const { data } = useCall(source?.endpoint ?? noEndpoint, input);
  const fixed = spec.options && !('endpoint' in spec.options) ? spec.options : [];
  const options = source && data !== undefined ? source.toOptions(data) : fixed;
  const symbol = spec.currencySymbol?.({ role: userRole, target: runner.run?.target });
  return <>{shown(spec, value, options, symbol)}</>;
}

/** The server answered that this amount needs a second person: why, and what "Request approval" does. */
function ApprovalNotice({ reason }: { reason: string }) {
  return (
    <section
      role="status"
      aria-label="Needs approval"
      className="flex flex-col gap-1 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
    >
      <p className="font-medium text-fg">This amount needs a second person’s approval.</p>
      <p className="text-fg">{reason}</p>
      <p className="text-muted">
        Request approval sends exactly these details to the Approvals page: an admin or a support master other than you
        approves or rejects it within 24 hours, and you hear which. Nothing moves until then.
      </p>
    </section>
  );
}

/** The last step: names the target and the consequence, lists the parameters, and runs on Enter. */
export function ConfirmPage({ command }: { command: ActionCommand }) {
  const { run } = useSnapshot(runner);
  const form = useRef<HTMLFormElement>(null);
  const serialOfRun = run?.serial ?? 0;
  const stale = useSnapshot(previewVersions);
  const round = stale.serial === serialOfRun ? stale.staleRounds : 0;
  const preview = usePreview(command, runner.run?.target, runner.run?.parsed ?? null, round);
  const before = useStalePreview(preview.preview, round);
  const quote = preview.preview?.quote ?? null;
  useEffect(() => setQuote(serialOfRun, quote), [serialOfRun, quote]);
  useEffect(() => setPreviewVersions(serialOfRun, preview.versions), [serialOfRun, preview.versions]);
  // The confirm button waits for the price: focus it once it is there, so Enter confirms what was read.
  useEffect(() => {
    if (preview.ready && command.preview)
      form.current?.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
  }, [preview.ready, command.preview]);
  // Refused as needing approval, the button (busy meanwhile, so it lost focus) now requests it: Enter does.
  const needsApproval = Boolean(run?.approval);
  useEffect(() => {
    if (needsApproval) form.current?.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
  }, [needsApproval]);
  if (!run) return null;
  const target = runner.run?.target;
  const heading = target ? `${command.title} ${target.name}?` : `${command.title}?`;
  // A command without a target (e.g. Set exchange rate) has a consequence too; one with a target needs it chosen.
  const consequence =
    command.consequence && (target || command.target === 'none')
      ? command.consequence(target as UserTarget, runner.run?.parsed ?? {})
      : undefined;
  // Under a preview, fields left empty (the server's default applies) are in the preview's lines, not listed as "—".
  const fields = Object.entries(paramsOfRun(run, command.params)?.fields ?? {}).filter(
    ([name]) => !command.preview || !isEmpty(run.parsed?.[name]),
  );
  const variant = command.confirm === 'destructive' ? 'danger' : 'primary';
  return (
    <form
      ref={form}
      aria-label={heading}
      onKeyDown={(event: KeyboardEvent) => event.stopPropagation()}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (run?.approval) void requestApproval();
        else if (preview.ready) void confirmRun();
      }}
    >
      <PageTitle title={heading} detail={target?.email} />
      <RunPresence values={run.values} />
      <div className="flex flex-col gap-3 px-3 py-3">
        {run.approval ? (
          <ApprovalNotice reason={run.approval} />
        ) : command.confirm === 'money' ? (
          <p className="text-sm font-medium text-warning">This moves money.</p>
        ) : null}
        {consequence && !run.approval ? <p className="text-sm text-fg">{consequence}</p> : null}
        {command.preview ? <PreviewPanel state={preview} before={before} /> : null}
        {fields.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {fields.map(([name, spec]) => (
              <div key={name} className="contents">
                <dt className="text-muted">{spec.label}</dt>
                <dd className="break-words whitespace-pre-wrap text-fg">
                  <ConfirmValue spec={spec} value={run.parsed?.[name]} />
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {run.checking ? (
          <p role="status" className="text-sm font-medium text-fg">
            {run.checking}
          </p>
        ) : null}
        <FormError>{run.errors.form}</FormError>
      </div>
      <DialogActions>
        <Button variant="ghost" onClick={stepBack} disabled={run.busy} hint={<Kbd className="ml-1">Esc</Kbd>}>
          Back
        </Button>
        <Button
          type="submit"
          autoFocus
          variant={variant}
          busy={run.busy}
          disabled={!preview.ready && !run.approval}
          hint={<Kbd className="ml-1">↵</Kbd>}
        >
          {run.approval ? 'Request approval' : target ? `${command.title} ${target.name}` : command.title}
        </Button>
      </DialogActions>
    </form>
  );
}
