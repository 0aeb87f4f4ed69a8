import { type MouseEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TableFilter, TableSort } from '../../../domain/table-query';
import type { Header } from '../../../domain/tables';
import { BodyRow } from './BodyRow';
import { ColumnMenu } from './ColumnMenu';
import { columnsStorageKey, storeColumns, storedColumns, visibleHeaders } from './column-selection';
import { FilterBar } from './FilterBar';
import { gridTemplate, minimumWidth } from './format';
import { HeaderRow } from './HeaderRow';
import { nextSort } from './local-rows';
import { RowMenu } from './RowMenu';
import { SelectionBar } from './SelectionBar';
import { isSelected, type TableSelection } from './selection';
import { selectionKeyDown } from './selection-keys';
import { plainRowLimit, TableRows } from './TableRows';
import type { RowAction, TableRow, TableState } from './types';
import { rowKeyDown } from './useRowKeys';

/** Height of a row in pixels (dense). */
export const rowHeight = 28;
/** Rows before the end at which the next page is asked for. */
const loadAhead = 150;

/** The console's data table: the server's headers, rows (virtualized when long), sort, filters, columns, keys and row menus. */
export interface DataTableProps<R extends TableRow> {
  /** Names the table: its chosen columns are remembered under it. */
  id: string;
  /** The grid's accessible name. */
  label: string;
  headers: readonly Header[];
  rows: readonly R[];
  /** Filters, sort and columns (e.g. from `useTableUrlState`); changes come back through `onStateChange`. */
  state: TableState;
  onStateChange: (next: TableState) => void;
  /** The order the rows are in when `state.sort` is absent (the server's `meta.sort`), shown on its header. */
  defaultSort?: TableSort;
  /** Offer the filter bar and header filter buttons (default true). */
  filterable?: boolean;
  /** Offer the column menu (default true; the server's `meta.enable_column_selection`). */
  columnSelection?: boolean;
  /** More rows exist: `onLoadMore` is called once the person nears the end. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** Enter or a click on a row. */
  onOpen?: (row: R) => void;
  /** The row's action menu (`.`, Shift+F10, the ⋯ button); absent: no menu. */
  rowActions?: (row: R) => RowAction[];
  onRowAction?: (row: R, action: RowAction) => void;
  /** The row the keyboard focus is on, once the person has used the table. */
  onFocusRow?: (row: R | undefined) => void;
  /** Names a row for screen readers and its menu ("Jane Doe"). */
  rowLabel?: (row: R) => string;
  /** Shown at the end of the toolbar (e.g. the total). */
  toolbar?: ReactNode;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
  /** Sizes the scrolling area (default: the rest of the viewport). */
  className?: string;
  /** Take the keyboard focus once rows arrive, when nothing else has it (the page exists to work the table). */
  autoFocus?: boolean;
  /**
   * Row selection, opt in (src/ui/table/selection.ts): Space toggles the focused row, Shift+↑/↓ extends, Ctrl/Cmd+A
   * selects the loaded rows (again: all matching), Escape clears; the count shows in the toolbar.
   */
  selection?: TableSelection;
  onSelectionChange?: (next: TableSelection) => void;
  /** The filter's total: with a selection, the toolbar offers "Select all N matching this filter". */
  matchingTotal?: number;
}

interface OpenMenu {
  index: number;
  anchor: DOMRect;
}

/**
 * Renders `headers` by column type over `rows`, per `DataTableProps`: short lists whole, long ones virtualized (a
 * bounded DOM at any length, `TableRows`).
 */
export function DataTable<R extends TableRow>(props: DataTableProps<R>) {
  const { id, label, headers, rows, state, onStateChange, rowActions, onRowAction, onFocusRow, rowLabel } = props;
  const domId = useId();
  // State, not only a ref: the body's virtualizer measures it in its own layout effect, which runs before a parent's
  // ref is attached; the element's arrival renders the body again with it.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const [remembered, setRemembered] = useState(() => storedColumns(id));
  const columns = useMemo(
    () => visibleHeaders(headers, state.columns, remembered),
    [headers, state.columns, remembered],
  );
  const template = useMemo(() => gridTemplate(columns), [columns]);
  const minWidth = useMemo(() => minimumWidth(columns), [columns]);
  const [focused, setFocused] = useState(0);
  const [engaged, setEngaged] = useState(false);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const current = Math.min(focused, Math.max(0, rows.length - 1));
  const filterable = props.filterable ?? true;

  const latest = useRef({ rows, onOpen: props.onOpen });
  latest.current = { rows, onOpen: props.onOpen };

  const scrollTo = useRef<((index: number) => void) | null>(null);
  const [range, setRange] = useState({ first: -1, last: -1 });
  const onRange = useCallback(
    (first: number, last: number) =>
      setRange((was) => (was.first === first && was.last === last ? was : { first, last })),
    [],
  );
  const lastIndex = range.last;
  const { hasMore, loadingMore, onLoadMore } = props;
  const askedFor = useRef<readonly R[] | null>(null);
  useEffect(() => {
    if (!hasMore || loadingMore || !onLoadMore || lastIndex < rows.length - loadAhead) return;
    if (askedFor.current === rows) return;
    askedFor.current = rows;
    onLoadMore();
  }, [hasMore, loadingMore, onLoadMore, lastIndex, rows]);

  const focusedRow = engaged ? rows[current] : undefined;
  useEffect(() => onFocusRow?.(focusedRow), [onFocusRow, focusedRow]);

  useEffect(() => {
    if (!state.columns && remembered && headers.length) onStateChange({ ...state, columns: remembered });
  }, [state, remembered, headers.length, onStateChange]);

  const hasRows = rows.length > 0;
  useEffect(() => {
    if (props.autoFocus && hasRows && (!document.activeElement || document.activeElement === document.body)) {
      grid.current?.focus({ preventScroll: true });
    }
  }, [props.autoFocus, hasRows]);

  const moveTo = useCallback((index: number) => {
    setEngaged(true);
    setFocused(index);
    scrollTo.current?.(index);
  }, []);

  const openMenu = useCallback(
    (index: number, anchor?: DOMRect) => {
      if (!rowActions || !latest.current.rows[index]) return;
      setEngaged(true);
      setFocused(index);
      const box =
        anchor ?? document.getElementById(`${domId}-row-${index}`)?.getBoundingClientRect() ?? new DOMRect(0, 0, 0, 0);
      setMenu({ index, anchor: box });
    },
    [rowActions, domId],
  );

  const closeMenu = useCallback(() => {
    setMenu(null);
    grid.current?.focus({ preventScroll: true });
  }, []);

  const { columnSelection, defaultSort, selection, onSelectionChange, matchingTotal } = props;
  const toolbar =
    selection && onSelectionChange ? (
      <>
        <SelectionBar selection={selection} rows={rows} matchingTotal={matchingTotal} onChange={onSelectionChange} />
        {props.toolbar}
      </>
    ) : (
      props.toolbar
    );
  const chrome = useMemo(() => {
    const setFilters = (filters: TableFilter[]) => onStateChange({ ...state, filters });
    const setColumns = (keys: string[] | undefined) => {
      if (keys) storeColumns(id, keys);
      else globalThis.localStorage?.removeItem(columnsStorageKey(id));
      setRemembered(keys);
      onStateChange({ ...state, columns: keys });
    };
    const bar =
      filterable || toolbar || columnSelection !== false ? (
        <FilterBar headers={filterable ? headers : []} filters={state.filters} onChange={setFilters}>
          {toolbar}
          {columnSelection !== false ? (
            <ColumnMenu
              headers={headers}
              visible={columns.map((header) => header.key)}
              onChange={setColumns}
              onReset={() => setColumns(undefined)}
            />
          ) : null}
        </FilterBar>
      ) : null;
    const head = (
      <HeaderRow
        headers={columns}
        template={template}
        sort={state.sort ?? defaultSort}
        onSort={(column) => onStateChange({ ...state, sort: nextSort(state.sort, column) })}
        filters={state.filters}
        onFilter={
          filterable
            ? (filter, index) =>
                setFilters(
                  index >= 0
                    ? state.filters.map((each, at) => (at === index ? filter : each))
                    : [...state.filters, filter],
                )
            : undefined
        }
        onRemoveFilter={(index) => setFilters(state.filters.filter((_, at) => at !== index))}
      />
    );
    return { bar, head };
  }, [id, filterable, toolbar, columnSelection, defaultSort, headers, columns, template, state, onStateChange]);

  const onRowClick = useCallback((event: MouseEvent<HTMLElement>, index: number) => {
    setEngaged(true);
    setFocused(index);
    grid.current?.focus({ preventScroll: true });
    if ((event.target as HTMLElement).closest('a,button')) return;
    const row = latest.current.rows[index];
    if (row) latest.current.onOpen?.(row);
  }, []);

  const menuRow = menu ? rows[menu.index] : undefined;
  const activeId =
    rows.length && current >= range.first && current <= range.last ? `${domId}-row-${current}` : undefined;
  const pageSize = Math.max(1, Math.floor((scroller?.clientHeight ?? 400) / rowHeight) - 2);

  return (
    <div className="flex flex-col gap-2">
      {chrome.bar}
      <div
        ref={setScroller}
        className={`relative overflow-auto rounded-lg border border-line bg-panel text-sm ${
          props.className ?? 'h-[calc(100vh-190px)] min-h-80'
        }`}
      >
        <table
          ref={grid}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an ARIA grid whose focused row (aria-activedescendant) survives virtualization
          role="grid"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-colcount={columns.length}
          aria-activedescendant={activeId}
          tabIndex={0}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setEngaged(true);
          }}
          onKeyDown={(event) => {
            if (
              selection &&
              onSelectionChange &&
              selectionKeyDown(event, {
                rows,
                focused: current,
                selection,
                matchingTotal,
                onChange: onSelectionChange,
                moveTo,
              })
            ) {
              return;
            }
            rowKeyDown(event, {
              count: rows.length,
              focused: current,
              pageSize,
              moveTo,
              open: (index) => {
                const row = rows[index];
                if (row) props.onOpen?.(row);
              },
              openMenu: (index) => openMenu(index),
            });
          }}
          style={{ minWidth }}
          className="block w-full border-collapse focus:outline-none focus-visible:shadow-[inset_0_0_0_2px_var(--color-accent)]"
        >
          {chrome.head}
          {rows.length === 0 ? (
            <tbody className="block">
              <tr className="block">
                <td className="sticky left-0 block p-2">{props.empty}</td>
              </tr>
            </tbody>
          ) : (
            <TableRows
              virtual={rows.length > plainRowLimit || Boolean(props.hasMore)}
              count={rows.length}
              rowHeight={rowHeight}
              scroller={scroller}
              onRange={onRange}
              scrollTo={scrollTo}
              renderRow={(index, start) => {
                const row = rows[index] as R;
                return (
                  <BodyRow
                    key={index}
                    row={row}
                    index={index}
                    start={start}
                    height={rowHeight}
                    columns={columns}
                    template={template}
                    focused={index === current}
                    selected={selection ? isSelected(selection, row) : undefined}
                    domId={domId}
                    label={rowLabel?.(row)}
                    onMenu={rowActions ? openMenu : undefined}
                    onClick={onRowClick}
                  />
                );
              }}
            />
          )}
        </table>
      </div>
      {menu && menuRow && rowActions ? (
        <RowMenu
          label={`Actions for ${rowLabel?.(menuRow) ?? `row ${menuRow.id}`}`}
          actions={rowActions(menuRow)}
          anchor={menu.anchor}
          onClose={closeMenu}
          onRun={(action) => {
            closeMenu();
            onRowAction?.(menuRow, action);
          }}
        />
      ) : null}
    </div>
  );
}
