import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'wouter';
import { navigateTo, userPath } from '../../commands/navigate';
import { customerName } from '../../commands/target';
import type { CustomerRow } from '../../domain/users';
import { StatusBadge, subscriptionLabel } from './customer-format';

/** A column beyond the standard ones (e.g. "Viewed at"). */
export interface ExtraColumn {
  label: string;
  cell: (row: CustomerRow, index: number) => ReactNode;
}

interface CustomersTableProps {
  rows: readonly CustomerRow[];
  label: string;
  extra?: ExtraColumn;
}

const keysDown = new Set(['ArrowDown', 'j']);
const keysUp = new Set(['ArrowUp', 'k']);

/**
 * A plain, accessible customers table: one row in the tab order at a time; ↑/↓ or j/k move between rows,
 * Home/End jump, Enter opens the customer. (The big virtualized table of the Users issue replaces it.)
 */
export function CustomersTable({ rows, label, extra }: CustomersTableProps) {
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const current = Math.min(active, Math.max(rows.length - 1, 0));

  function focusRow(index: number): void {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    body.current?.querySelectorAll<HTMLTableRowElement>('tr')[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, row: CustomerRow): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (keysDown.has(event.key)) focusRow(index + 1);
    else if (keysUp.has(event.key)) focusRow(index - 1);
    else if (event.key === 'Home') focusRow(0);
    else if (event.key === 'End') focusRow(rows.length - 1);
    else if (event.key === 'Enter' && event.target === event.currentTarget) navigateTo(userPath(row.id));
    else return;
    event.preventDefault();
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-panel">
      <table className="w-full border-collapse text-left text-sm" aria-label={label}>
        <thead className="border-b border-line text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              ID
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              E-mail
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Subscription
            </th>
            {extra ? (
              <th scope="col" className="px-3 py-2 font-medium">
                {extra.label}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((row, index) => (
            <tr
              key={row.id}
              tabIndex={index === current ? 0 : -1}
              onFocus={() => setActive(index)}
              onKeyDown={(event) => onKeyDown(event, index, row)}
              onClick={(event) => {
                if (!(event.target instanceof HTMLAnchorElement)) navigateTo(userPath(row.id));
              }}
              className="cursor-pointer border-b border-line last:border-b-0 hover:bg-hover focus:bg-hover focus:outline-2 focus:-outline-offset-2 focus:outline-accent"
            >
              <td className="px-3 py-1.5 text-muted tabular-nums">{row.id}</td>
              <td className="px-3 py-1.5">
                <Link href={userPath(row.id)} tabIndex={-1} className="text-fg hover:underline">
                  {customerName(row)}
                </Link>
              </td>
              <td className="px-3 py-1.5 text-muted">{row.email}</td>
              <td className="px-3 py-1.5">
                <StatusBadge status={row.status} />
              </td>
              <td className="px-3 py-1.5 text-muted">{subscriptionLabel(row.subscription_type)}</td>
              {extra ? <td className="px-3 py-1.5 text-muted">{extra.cell(row, index)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
