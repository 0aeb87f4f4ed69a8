import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ActionCommand } from '../../commands/define';
import { runner, stepBack } from '../../commands/runner';
import { Button } from '../../src/ui/Button';
import { DialogActions } from '../../src/ui/DialogActions';
import { Kbd } from '../../src/ui/Kbd';
import { PageTitle } from './PageTitle';

/** After a command that answers something to keep (a single-use link): shows it; Enter copies, Escape closes. */
export function ResultPage({ command }: { command: ActionCommand }) {
  const { run } = useSnapshot(runner);
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const result = run?.result;
  if (!run || !result) return null;
  const copy = result.copy;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!copy) return stepBack();
    const copyBySelection = () => {
      field.current?.select();
      setCopied(document.execCommand('copy'));
    };
    if (navigator.clipboard) navigator.clipboard.writeText(copy.value).then(() => setCopied(true), copyBySelection);
    else copyBySelection();
  };
  return (
    <form aria-label={result.title} onKeyDown={(event: KeyboardEvent) => event.stopPropagation()} onSubmit={onSubmit}>
      <PageTitle title={result.title} detail={command.title} />
      <div className="flex flex-col gap-3 px-3 py-3">
        {result.message ? <p className="text-sm text-fg">{result.message}</p> : null}
        {copy ? (
          <label className="flex flex-col gap-1 text-xs font-medium text-muted">
            {copy.label}
            <input
              ref={field}
              readOnly
              value={copy.value}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-md border border-line bg-canvas px-2.5 py-1.5 font-mono text-xs text-fg"
            />
          </label>
        ) : null}
        {copied ? (
          <p role="status" className="text-xs text-success">
            Copied to the clipboard
          </p>
        ) : null}
      </div>
      <DialogActions>
        <Button variant="ghost" onClick={stepBack} hint={<Kbd className="ml-1">Esc</Kbd>}>
          Close
        </Button>
        <Button type="submit" autoFocus variant="primary" hint={<Kbd className="ml-1">↵</Kbd>}>
          {copy ? 'Copy' : 'Done'}
        </Button>
      </DialogActions>
    </form>
  );
}
