import { type FormEvent, type KeyboardEvent, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { ActionCommand } from '../../commands/define';
import { availabilityBlock, fieldAvailability } from '../../commands/field-availability';
import { paramsOfRun } from '../../commands/run-state';
import { runner, setValue, submitForm } from '../../commands/runner';
import { Button } from '../../src/ui/Button';
import { DialogActions } from '../../src/ui/DialogActions';
import { FormError } from '../../src/ui/FormError';
import { useFormFocus } from '../../src/ui/fields/use-form-focus';
import { Kbd } from '../../src/ui/Kbd';
import { Spinner } from '../../src/ui/Spinner';
import { CommandField } from './CommandField';
import { PageTitle } from './PageTitle';
import { RunPresence } from './RunPresence';

/**
 * Enter submits from any control but a textarea or a button (which do their own thing); Ctrl/Cmd+Enter from anywhere
 * in the form, the submit button included (a form whose fields were all prefilled opens on it).
 */
function submitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  event.stopPropagation();
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.defaultPrevented) return;
  const target = event.target as HTMLElement;
  const anywhere = event.ctrlKey || event.metaKey;
  if (!anywhere && (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement)) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

/** The parameter form of the open run: one field per parameter, errors under their field (focus: `useFormFocus`). */
export function FormPage({ command }: { command: ActionCommand }) {
  const { run } = useSnapshot(runner);
  useSnapshot(fieldAvailability);
  const controls = useRef(new Map<string, HTMLElement>());
  // The form as the server shaped it (typed fields its prefill named), else the command's own.
  const params = paramsOfRun(run, command.params);
  const fields = Object.entries(params?.fields ?? {});
  const form = useRef<HTMLFormElement>(null);
  useFormFocus(controls, form, {
    names: fields.map(([name]) => name),
    values: run?.values ?? {},
    invalid: Object.keys(run?.errors.fields ?? {}),
    ready: Boolean(run) && !run?.prefilling,
    rejectedSubmits: run?.rejectedSubmits ?? 0,
  });

  if (!run) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitForm();
  };
  const next = command.confirm ? 'Continue' : command.title;
  // Availability checks (a partner's e-mail, a slug…) still running or failing keep Continue disabled.
  const blocked = availabilityBlock(params, run.values, run.serial) !== null;
  return (
    <form ref={form} noValidate onSubmit={onSubmit} onKeyDown={submitOnEnter} aria-label={`${command.title} form`}>
      <PageTitle title={command.title} detail={run.target?.name} />
      <RunPresence values={run.values} />
      <div className="flex flex-col gap-3 px-3 py-3">
        {fields.map(([name, spec]) => (
          <CommandField
            key={name}
            name={name}
            spec={spec}
            value={run.values[name] ?? ''}
            error={run.errors.fields[name]}
            disabled={run.busy || Boolean(run.prefilling)}
            onChange={(value) => setValue(name, value)}
            controlRef={(element) => {
              if (element) controls.current.set(name, element);
              else controls.current.delete(name);
            }}
          />
        ))}
        {run.prefilling ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner label="Loading" /> {run.prefilling}
          </p>
        ) : null}
        <FormError>{run.errors.form}</FormError>
      </div>
      <DialogActions>
        <Button
          type="submit"
          variant="primary"
          busy={run.busy}
          disabled={Boolean(run.prefilling) || blocked}
          hint={<Kbd className="ml-1">↵</Kbd>}
        >
          {next}
        </Button>
      </DialogActions>
    </form>
  );
}
