import type { ReactNode } from 'react';

/** A value in a fact list: text, a number, yes/no, an element, or nothing (shown as a dash). */
export type FactValue = ReactNode | string | number | boolean | null;

function shown(value: FactValue): ReactNode {
  if (value === null || value === undefined || value === '') return <span className="text-faint">—</span>;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** A titled panel of label–value rows (the details tabs' tiles). */
export function FactGroup({
  title,
  items,
  children,
}: {
  title: string;
  items: readonly [string, FactValue][];
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`group-${title}`} className="rounded-lg border border-line bg-panel">
      <h2 id={`group-${title}`} className="border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase">
        {title}
      </h2>
      <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1.5 px-3 py-2.5 text-sm">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 break-words text-fg">{shown(value)}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
