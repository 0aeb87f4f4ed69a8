import { type ReactNode, useEffect } from 'react';
import { attachDetailRowKeys, detailRowAttribute } from './detail-row-keys';

/** One column of a details list: its header and how a row shows in it. */
export interface DetailColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned, tabular figures (counts). */
  numeric?: boolean;
  /** An amount of money: right-aligned like `numeric`, never cut, and its header says so (`data-money`). */
  money?: boolean;
}

interface DetailTableProps<Row> {
  label: string;
  columns: readonly DetailColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: string;
}

/**
 * A short, dense list of a details tab (at most a few hundred rows, so not virtualized); `j`/`k` move between rows. Headers wrap; text cells keep
 * a minimum width so a narrow window scrolls the table sideways inside its frame instead of stacking words.
 */
/** Where a column stays while the table scrolls sideways: the first (what the row is) and an actions column last. */
function pinOf(index: number, count: number, header: string): string {
  if (index === 0) return 'sticky left-0 bg-panel shadow-[1px_0_0_var(--color-line)]';
  if (index === count - 1 && /^Actions?$/.test(header))
    return 'sticky right-0 bg-panel shadow-[-1px_0_0_var(--color-line)]';
  return '';
}

export function DetailTable<Row>({ label, columns, rows, rowKey, empty }: DetailTableProps<Row>) {
  useEffect(attachDetailRowKeys, []);
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-line px-4 py-8 text-center text-sm text-muted">{empty}</p>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-panel">
      <table aria-label={label} className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            {columns.map((column, index) => (
              <th
                key={column.header}
                scope="col"
                data-money={column.money ? '' : undefined}
                className={`px-3 py-2 font-medium ${column.numeric || column.money ? 'text-right' : ''} ${pinOf(index, columns.length, column.header)}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              tabIndex={-1}
              {...{ [detailRowAttribute]: '' }}
              className="group border-b border-line last:border-b-0 align-top hover:bg-hover focus-within:bg-hover focus:outline-2 focus:outline-accent"
            >
              {columns.map((column, index) => (
                <td
                  key={column.header}
                  className={`px-3 py-1.5 ${column.numeric || column.money ? 'text-right tabular-nums whitespace-nowrap' : 'min-w-36 break-words'} ${pinOf(index, columns.length, column.header)} ${pinOf(index, columns.length, column.header) ? 'group-hover:bg-hover' : ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
