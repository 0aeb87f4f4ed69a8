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

function BodyRowView<R extends TableRow>(props: BodyRowProps<R>) {
  const { row, index, focused, selected, columns, onMenu } = props;
  const values = row as unknown as Record<string, unknown>;
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
            className={`sticky right-0 flex items-center justify-center ${
              focused ? 'bg-accent-soft' : 'bg-panel group-hover:bg-hover'
            }`}
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
          <td key={header.key} className={`truncate px-2 leading-7 ${alignOf(header)}`}>
            {renderCell(header, values[header.key])}
          </td>
        ),
      )}
    </tr>
  );
}

/** One virtualized row; re-renders only when its row, place, columns or focus change. */
export const BodyRow = memo(BodyRowView) as typeof BodyRowView;
