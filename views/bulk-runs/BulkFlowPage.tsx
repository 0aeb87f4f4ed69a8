import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import {
  bulkBack,
  bulkFlow,
  bulkTitle,
  confirmBulk,
  setBulkValue,
  setConfirmOverMax,
  submitBulkForm,
} from '../../commands/bulk/flow';
import { customersCount } from '../../commands/bulk/selection';
import type { ActionCommand } from '../../commands/define';
import { Button } from '../../src/ui/Button';
import { DialogActions } from '../../src/ui/DialogActions';
import { FormError } from '../../src/ui/FormError';
import { useFormFocus } from '../../src/ui/fields/use-form-focus';
import { Kbd } from '../../src/ui/Kbd';
import { Spinner } from '../../src/ui/Spinner';
import { CommandField } from '../palette/CommandField';
import { PageTitle } from '../palette/PageTitle';

const count = new Intl.NumberFormat('en-US');

/** Keys inside a bulk page: Escape goes back a step; Enter submits from any control but a textarea or a button. */
function pageKeys(event: KeyboardEvent<HTMLFormElement>): void {
  event.stopPropagation();
  if (event.key === 'Escape') {
    event.preventDefault();
    bulkBack();
    return;
  }
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement) return;
  if (target instanceof HTMLInputElement && target.type === 'checkbox') return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

function FormStep({ command }: { command: ActionCommand }) {
  const { open } = useSnapshot(bulkFlow);
  const controls = useRef(new Map<string, HTMLElement>());
  const fields = Object.entries(command.params?.fields ?? {});
  const form = useRef<HTMLFormElement>(null);
  useFormFocus(controls, form, {
    names: fields.map(([name]) => name),
    values: open?.values ?? {},
    invalid: Object.keys(open?.errors.fields ?? {}),
    ready: Boolean(open),
    rejectedSubmits: open?.rejectedSubmits ?? 0,
  });
  if (!open) return null;
  const title = bulkTitle(command, open.selection.count);
  return (
    <form
      ref={form}
      noValidate
      aria-label={`${title} form`}
      onKeyDown={pageKeys}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submitBulkForm();
      }}
    >
      <PageTitle title={title} detail="the same for each" />
      <div className="flex flex-col gap-3 px-3 py-3">
        {fields.map(([name, spec]) => (
          <CommandField
            key={name}
            name={name}
            spec={spec}
            value={open.values[name] ?? ''}
            error={open.errors.fields[name]}
            disabled={open.busy}
            onChange={(value) => setBulkValue(name, value)}
            controlRef={(element) => {
              if (element) controls.current.set(name, element);
              else controls.current.delete(name);
            }}
          />
        ))}
        <FormError>{open.errors.form}</FormError>
      </div>
      <DialogActions>
        <Button type="submit" variant="primary" hint={<Kbd className="ml-1">↵</Kbd>}>
          Continue
        </Button>
      </DialogActions>
    </form>
  );
}

function ConfirmStep({ command }: { command: ActionCommand }) {
  const { open } = useSnapshot(bulkFlow);
  const form = useRef<HTMLFormElement>(null);
  const ready = Boolean(open?.preflight);
  // The run button waits for the pre-flight: focused once it is there, so Enter confirms what was read.
  useEffect(() => {
    if (ready) form.current?.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
  }, [ready]);
  if (!open) return null;
  const preflight = open.preflight;
  const willRun = preflight?.will_run ?? 0;
  const heading = `${bulkTitle(command, open.selection.count)}?`;
  const destructive = command.confirm === 'destructive';
  return (
    <form
      ref={form}
      aria-label={heading}
      onKeyDown={pageKeys}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void confirmBulk();
      }}
    >
      <PageTitle title={heading} />
      <div className="flex flex-col gap-3 px-3 py-3 text-sm">
        {!preflight && !open.errors.form ? (
          <p className="flex items-center gap-2 text-muted">
            <Spinner label="Checking" /> Checking the selection with the server…
          </p>
        ) : null}
        {preflight ? (
          <div className="flex flex-col gap-2" data-testid="bulk-preflight">
            <p className="text-fg">
              <strong className="tabular-nums">{count.format(willRun)}</strong> of {customersCount(preflight.total)}{' '}
              will be acted on: {command.title.toLowerCase()}, each through the same checks and audit as one at a time.
            </p>
            {preflight.refused.length > 0 ? (
              <ul className="flex flex-col gap-0.5 text-muted">
                {preflight.refused.map((entry) => (
                  <li key={entry.reason}>
                    <span className="tabular-nums text-fg">{count.format(entry.count)}</span> skipped: {entry.detail}
                  </li>
                ))}
              </ul>
            ) : null}
            {command.confirm === 'money' ? <p className="font-medium text-warning">This moves money.</p> : null}
            {preflight.needs_second_confirmation ? (
              <label className="flex items-center gap-2 rounded-md bg-warning/10 px-2 py-1.5">
                <input
                  type="checkbox"
                  checked={open.confirmOverMax}
                  onChange={(event) => setConfirmOverMax(event.currentTarget.checked)}
                />
                Yes, run over {customersCount(preflight.total)} (more than {count.format(preflight.confirm_above)})
              </label>
            ) : null}
          </div>
        ) : null}
        <FormError>{open.errors.form}</FormError>
      </div>
      <DialogActions>
        <Button variant="ghost" onClick={bulkBack} disabled={open.busy} hint={<Kbd className="ml-1">Esc</Kbd>}>
          Back
        </Button>
        <Button
          type="submit"
          variant={destructive ? 'danger' : 'primary'}
          busy={open.busy}
          disabled={!preflight || willRun === 0}
          hint={<Kbd className="ml-1">↵</Kbd>}
        >
          {bulkTitle(command, willRun)}
        </Button>
      </DialogActions>
    </form>
  );
}

/** The bulk form of a command in the palette: the form once, then the pre-flight and the confirmation. */
export function BulkFlowPage({ command }: { command: ActionCommand }) {
  const { open } = useSnapshot(bulkFlow);
  if (!open) return null;
  return open.step === 'form' ? <FormStep command={command} /> : <ConfirmStep command={command} />;
}
