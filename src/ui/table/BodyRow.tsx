import { type MouseEvent, memo } from 'react';
import type { Header } from '../../../domain/tables';
import { alignOf, renderCell } from './cells';
import type { TableRow } from './types';

interface BodyRowProps<R extends TableRow> {
  row: R;
  index: number;
  /** Pixels from the top of the body. */
  start: number;
  height: number;
  columns: readonly Header[];
  template: string;
  focused: boolean;
  /** Selected (tables that select): marked, and named so. Undefined: the table does not select. */
  selected?: boolean;
  domId: string;
  label: string | undefined;
  /** The ⋯ button opens the row menu; absent: no button. */
  onMenu: ((index: number, anchor: DOMRect) => void) | undefined;
  onClick: (event: MouseEvent<HTMLElement>, index: number) => void;
}

/**
 * The background of a cell that stays in place while the middle scrolls under it (the identity and actions columns):
 * opaque, in the row's state, since a see-through one would show the scrolled cells.
 */
function pinnedBackground(focused: boolean, selected: boolean | undefined): string {
  if (focused) return 'bg-accent-soft';
  if (selected) return 'bg-[color-mix(in_srgb,var(--color-accent-soft)_50%,var(--color-panel))]';
  return 'bg-panel group-hover:bg-hover';
}

/** The row's left stripe (selected, focused) drawn on the pinned first cell, which covers the row's own. */
function stripe(focused: boolean, selected: boolean | undefined): string {
  if (selected) return 'shadow-[inset_4px_0_0_var(--color-accent),1px_0_0_var(--color-line)]';
  if (focused) return 'shadow-[inset_2px_0_0_var(--color-accent),1px_0_0_var(--color-line)]';
  return 'shadow-[1px_0_0_var(--color-line)]';
}

function BodyRowView<R extends TableRow>(props: BodyRowProps<R>) {
  const { row, index, focused, selected, columns, onMenu } = props;
  const values = row as unknown as Record<string, unknown>;
  const first = columns.find((header) => header.type !== 'ROW_MENU')?.key;
  return (
    <tr
      id={`${props.domId}-row-${index}`}
      aria-rowindex={index + 2}
      aria-selected={focused}
      aria-label={selected && props.label ? `${props.label}, selected` : props.label}
      data-row-id={row.id}
      data-selected={selected === undefined ? undefined : selected}
      onClick={(event) => props.onClick(event, index)}
      className={`group absolute top-0 left-0 grid w-full cursor-pointer border-b border-line/60 [contain:strict] ${
        selected
          ? `shadow-[inset_4px_0_0_var(--color-accent)] ${focused ? 'bg-accent-soft' : 'bg-accent-soft/50'}`
          : focused
            ? 'bg-accent-soft shadow-[inset_2px_0_0_var(--color-accent)]'
            : 'hover:bg-hover'
      }`}
      style={{ height: props.height, transform: `translateY(${props.start}px)`, gridTemplateColumns: props.template }}
    >
      {columns.map((header) =>
        header.type === 'ROW_MENU' ? (
          <td
            key={header.key}
            className={`sticky right-0 z-[1] flex items-center justify-center shadow-[-1px_0_0_var(--color-line)] ${pinnedBackground(
              focused,
              selected,
            )}`}
          >
            {onMenu ? (
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Actions for ${props.label ?? `row ${row.id}`}`}
                onClick={(event) => onMenu(index, event.currentTarget.getBoundingClientRect())}
                className="flex h-5 w-6 items-center justify-center rounded text-muted hover:bg-raised hover:text-fg"
              >
                ⋯
              </button>
            ) : null}
          </td>
        ) : (
          <td
            key={header.key}
            // A text cut at the column's edge (a long address) reads in full on hover.
            title={
              header.type === 'TEXT' && typeof values[header.key] === 'string' ? String(values[header.key]) : undefined
            }
            className={`truncate px-2 leading-7 ${alignOf(header)} ${
              header.key === first
                ? `sticky left-0 z-[1] ${pinnedBackground(focused, selected)} ${stripe(focused, selected)}`
                : ''
            }`}
          >
            {renderCell(header, values[header.key])}
          </td>
        ),
      )}
    </tr>
  );
}

/** One virtualized row; re-renders only when its row, place, columns or focus change. */
export const BodyRow = memo(BodyRowView) as typeof BodyRowView;
