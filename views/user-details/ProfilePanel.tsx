import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../../src/ui/Button';

/**
 * A panel opened from a row of the Profiles tab (its finetune history, who it is shared with): focus moves to its
 * heading so a keyboard user lands in it; Escape or Close returns.
 */
export function ProfilePanel({
  id,
  title,
  summary,
  onClose,
  children,
}: {
  /** Names the heading (`<id>-heading`). */
  id: string;
  title: string;
  /** A short line beside the heading (a count), once known. */
  summary?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-2 rounded-lg border border-line bg-panel p-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="flex items-center gap-3">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-sm font-semibold outline-none">
          {title}
        </h2>
        {summary ? <p className="text-xs text-muted">{summary}</p> : null}
        <span className="flex-1" />
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {children}
    </section>
  );
}
