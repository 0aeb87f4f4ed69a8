import type { TableFilter, TableSort } from '../../../domain/table-query';
import type { Header } from '../../../domain/tables';
import { alignOf } from './cells';
import { FilterPopover } from './FilterPopover';

interface HeaderRowProps {
  headers: readonly Header[];
  template: string;
  sort: TableSort | undefined;
  onSort?: (column: string) => void;
  filters: readonly TableFilter[];
  /** Absent: no filter buttons (a table sorted and shown in the browser only). */
  onFilter?: (filter: TableFilter, replacing: number) => void;
  onRemoveFilter?: (index: number) => void;
}

function ariaSort(sort: TableSort | undefined, key: string): 'ascending' | 'descending' | 'none' {
  if (sort?.column !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * The sticky header, its first (identity) and last (actions) columns pinned like the rows' below: a sort button per sortable
 * column (Enter/Space: ascending → descending → default), a filter button per filterable one.
 */
export function HeaderRow({ headers, template, sort, onSort, filters, onFilter, onRemoveFilter }: HeaderRowProps) {
  const first = headers.find((header) => header.type !== 'ROW_MENU')?.key;
  return (
    <thead className="sticky top-0 z-10 block">
      <tr
        aria-rowindex={1}
        className="grid border-b border-line bg-raised text-xs font-medium text-muted"
        style={{ gridTemplateColumns: template }}
      >
        {headers.map((header) => {
          const direction = ariaSort(sort, header.key);
          const index = filters.findIndex((filter) => filter.column === header.key);
          const active = index >= 0;
          return (
            <th
              key={header.key}
              scope="col"
              // An amount column, named so for what checks its cells (the wide-table walk: no amount is cut).
              data-money={header.type === 'CURRENCY' ? '' : undefined}
              aria-sort={header.sortable ? direction : undefined}
              className={`group flex h-7 min-w-0 items-center gap-0.5 px-2 font-medium ${alignOf(header)} ${
                header.type === 'ROW_MENU'
                  ? 'sticky right-0 z-[1] justify-center bg-raised px-1 shadow-[-1px_0_0_var(--color-line)]'
                  : header.key === first
                    ? 'sticky left-0 z-[1] bg-raised shadow-[1px_0_0_var(--color-line)]'
                    : ''
              }`}
            >
              {header.type === 'ROW_MENU' ? (
                <span title={header.label}>{header.label || 'Actions'}</span>
              ) : header.sortable && onSort ? (
                <button
                  type="button"
                  onClick={() => onSort(header.key)}
                  className="flex min-w-0 items-center gap-1 rounded-sm text-left hover:text-fg"
                  title={`Sort by ${header.label}`}
                >
                  <span className="truncate">{header.label}</span>
                  <span
                    aria-hidden="true"
                    className={direction === 'none' ? 'text-transparent group-hover:text-faint' : 'text-accent'}
                  >
                    {direction === 'descending' ? '↓' : '↑'}
                  </span>
                </button>
              ) : (
                <span className="truncate" title={header.label}>
                  {header.label}
                </span>
              )}
              {header.filter && onFilter ? (
                <FilterPopover
                  header={header}
                  filter={active ? filters[index] : undefined}
                  onApply={(filter) => onFilter(filter, index)}
                  onRemove={active && onRemoveFilter ? () => onRemoveFilter(index) : undefined}
                  button={<FunnelIcon />}
                  buttonLabel={`Filter ${header.label}`}
                  buttonClassName={`flex size-5 items-center justify-center rounded-sm hover:bg-hover hover:text-fg ${
                    active ? 'text-accent' : 'text-faint opacity-0 group-hover:opacity-100 focus-visible:opacity-100'
                  }`}
                />
              ) : null}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

function FunnelIcon() {
  return (
    <svg viewBox="0 0 16 16" className="size-3" aria-hidden="true" fill="currentColor">
      <path d="M1.5 2h13l-5 6.2V13l-3 1.5V8.2z" />
    </svg>
  );
}
