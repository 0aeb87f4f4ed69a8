import { Kbd } from '../../src/ui/Kbd';

/** The top line of a palette page past the root: where you are, and that Escape goes back. */
export function PageTitle({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="flex items-center gap-2 border-b border-line px-3 py-2">
      <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-fg">
        {title}
        {detail ? <span className="ml-2 font-normal text-muted">{detail}</span> : null}
      </h2>
      <span className="flex items-center gap-1 text-xs text-faint">
        <Kbd>Esc</Kbd> back
      </span>
    </div>
  );
}
