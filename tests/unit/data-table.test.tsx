import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { TableFilter } from '../../domain/table-query';
import type { Header } from '../../domain/tables';
import type { CustomerRow } from '../../domain/users';
import { DataTable, type RowAction, type TableState } from '../../src/ui/table';
import { renderCell } from '../../src/ui/table/cells';
import { columnsStorageKey } from '../../src/ui/table/column-selection';
import { FilterEditor } from '../../src/ui/table/FilterEditor';
import { customerRow } from './support/customer-row';
import { customerHeaders, stubLayout } from './support/table';

const rows = Array.from({ length: 1000 }, (_, index) =>
  customerRow({ id: index + 1, email: `user${index + 1}@example.com` }),
);

interface Harness {
  onOpen: Mock<(row: CustomerRow) => void>;
  onRowAction: Mock<(row: CustomerRow, action: RowAction) => void>;
  onLoadMore: Mock<() => void>;
  states: TableState[];
}

function Table({
  harness,
  actions,
  initial = { filters: [] },
  data = rows,
  more = true,
}: {
  harness: Harness;
  actions?: (row: CustomerRow) => RowAction[];
  initial?: TableState;
  data?: CustomerRow[];
  more?: boolean;
}) {
  const [state, setState] = useState<TableState>(initial);
  return (
    <DataTable
      id="test.customers"
      label="Customers"
      headers={customerHeaders}
      rows={data}
      state={state}
      onStateChange={(next) => {
        harness.states.push(next);
        setState(next);
      }}
      hasMore={more}
      onLoadMore={harness.onLoadMore}
      onOpen={harness.onOpen}
      rowActions={actions}
      onRowAction={harness.onRowAction}
      rowLabel={(row) => row.email}
    />
  );
}

function harness(): Harness {
  return {
    onOpen: vi.fn<(row: CustomerRow) => void>(),
    onRowAction: vi.fn<(row: CustomerRow, action: RowAction) => void>(),
    onLoadMore: vi.fn<() => void>(),
    states: [],
  };
}

function grid(): HTMLElement {
  return screen.getByRole('grid', { name: 'Customers' });
}

function focusedRow(): HTMLElement {
  const id = grid().getAttribute('aria-activedescendant');
  const row = id ? document.getElementById(id) : null;
  if (!row) throw new Error('no focused row');
  return row;
}

function press(key: string, init: Partial<KeyboardEventInit> = {}): void {
  act(() => {
    fireEvent.keyDown(grid(), { key, ...init });
  });
}

beforeEach(() => {
  localStorage.clear();
  stubLayout(600);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DataTable cells', () => {
  const cell = (type: Header['type'], value: unknown, extra: Partial<Header> = {}) => {
    const header = { ...customerHeaders[0], key: 'column', type, ...extra } as Header;
    const { container } = render(<div>{renderCell(header, value)}</div>);
    return container.firstElementChild as HTMLElement;
  };

  it('renders each column type its own way', () => {
    expect(cell('NUMBER', 12345).textContent).toBe('12,345');
    expect(cell('CURRENCY', { amount: 123450, multiplier: 100, symbol: '£' }).textContent).toBe('£1,234.50');
    expect(cell('DATETIME', '2025-01-02T10:00:00.000Z').textContent).toMatch(/^2 Jan 2025, \d\d:\d\d$/);
    expect(cell('DATE', '2025-01-02').textContent).toBe('2 Jan 2025');
    expect(cell('TAG', 'TRIAL_METERED').textContent).toBe('Trial metered');
    expect(cell('TAG', 'US').textContent).toBe('US');
    const status = cell('STATUS', 'SUSPENDED').firstElementChild;
    expect(status?.textContent).toBe('Suspended');
    expect(status?.className).toMatch(/text-danger/);
    expect(cell('STATUS', 'ACTIVE').firstElementChild?.className).toMatch(/text-success/);
    const bar = cell('PROGRESS', '120/1000');
    expect(bar.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('120');
    expect(bar.textContent).toBe('120/1000');
    const link = cell('LINK', 'https://pay.example.com/abc').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://pay.example.com/abc');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(cell('BOOLEAN_CHECK', true).querySelector('[aria-label="Yes"]')).toBeTruthy();
    expect(cell('BOOLEAN_CHECK', false).querySelector('[aria-label="No"]')).toBeTruthy();
    expect(cell('TEXT', null).textContent).toBe('—');
  });

  it('shows the label the header sends for each option, and ids as #1234', () => {
    const labels = { option_labels: { CORPORATE_CONTRACT: 'Annual plan', MONTHLY: 'Monthly' } };
    expect(cell('TAG', 'CORPORATE_CONTRACT', labels).textContent).toBe('Annual plan');
    expect(cell('STATUS', 'MONTHLY', labels).textContent).toBe('Monthly');
    expect(cell('NUMBER', 12345, { key: 'id' }).textContent).toBe('#12345');
    expect(cell('NUMBER', 77, { key: 'charge_id' }).textContent).toBe('#77');
  });
});

describe('DataTable', () => {
  it('renders a bounded number of rows however many are loaded', async () => {
    render(<Table harness={harness()} />);
    // Past `plainRowLimit` rows the body is TanStack Virtual's, a chunk of its own: let it arrive.
    await act(async () => {
      await import('../../src/ui/table/VirtualRows');
    });
    await waitFor(() => expect(grid().querySelectorAll('tbody tr').length).toBeLessThan(40));
    const rendered = within(grid()).getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(60);
    expect(grid().getAttribute('aria-rowcount')).toBe('1001');
  });

  it('renders a short list whole, without the virtualizer, and scrolls the focused row into view', () => {
    render(<Table harness={harness()} data={rows.slice(0, 50)} more={false} />);
    expect(grid().querySelectorAll('tbody tr')).toHaveLength(50);
    const scroller = grid().parentElement as HTMLElement;
    act(() => grid().focus());
    press('End');
    expect(focusedRow().getAttribute('data-row-id')).toBe('50');
    // 50 rows of 28 px under a 28 px header, in a 600 px view: the last row's bottom edge meets the view's.
    expect(scroller.scrollTop).toBe(51 * 28 - 600);
    press('Home');
    expect(focusedRow().getAttribute('data-row-id')).toBe('1');
    expect(scroller.scrollTop).toBe(0);
  });

  it('moves the row focus with j/k and the arrows, jumps with Home/End, opens with Enter', () => {
    const h = harness();
    render(<Table harness={h} />);
    act(() => grid().focus());
    expect(focusedRow().getAttribute('data-row-id')).toBe('1');
    press('j');
    press('ArrowDown');
    expect(focusedRow().getAttribute('data-row-id')).toBe('3');
    press('k');
    expect(focusedRow().getAttribute('data-row-id')).toBe('2');
    press('Enter');
    expect(h.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    press('End');
    press('Enter');
    expect(h.onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1000 }));
    expect(h.onLoadMore).not.toHaveBeenCalled();
    press('Home');
    expect(focusedRow().getAttribute('data-row-id')).toBe('1');
  });

  it('asks for the next page when the person nears the end of what is loaded', () => {
    const h = harness();
    render(<Table harness={h} data={rows.slice(0, 100)} />);
    expect(h.onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('sorts from the header by click and by keyboard: ascending, descending, default', () => {
    const h = harness();
    render(<Table harness={h} />);
    const button = screen.getByRole('button', { name: 'Date added' });
    fireEvent.click(button);
    expect(h.states.at(-1)?.sort).toEqual({ column: 'date_added', direction: 'asc' });
    expect(button.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(button);
    expect(h.states.at(-1)?.sort).toEqual({ column: 'date_added', direction: 'desc' });
    fireEvent.click(button);
    expect(h.states.at(-1)?.sort).toBeUndefined();
    expect(button.closest('th')?.getAttribute('aria-sort')).toBe('none');
  });

  it('opens the row menu with "." and Shift+F10: disabled actions show their reason, and run on Enter', () => {
    const h = harness();
    const actions = (row: CustomerRow): RowAction[] => [
      {
        id: 'user.add-trial-photos',
        label: 'Add trial photos',
        disabledReason: 'Only admins and support agents may add trial photos',
      },
      { id: 'user.suspend', label: `Suspend ${row.id}` },
    ];
    render(<Table harness={h} actions={actions} />);
    act(() => grid().focus());
    press('j');
    press('.');
    const menu = screen.getByRole('menu', { name: 'Actions for user2@example.com' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Add trial photosOnly admins and support agents may add trial photos',
      'Suspend 2',
    ]);
    expect(items[0]?.getAttribute('aria-disabled')).toBe('true');
    act(() => {
      fireEvent.keyDown(menu, { key: 'Enter' });
    });
    expect(h.onRowAction).toHaveBeenCalledWith(
      expect.objectContaining({ id: 2 }),
      expect.objectContaining({ id: 'user.suspend' }),
    );
    expect(screen.queryByRole('menu')).toBeNull();
    press('F10', { shiftKey: true });
    const again = screen.getByRole('menu');
    act(() => {
      fireEvent.keyDown(again, { key: 'Escape' });
    });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(grid());
  });

  it('opens the row menu from the ⋯ button; a row without actions says so', () => {
    render(<Table harness={harness()} actions={() => []} />);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for user1@example.com' }));
    expect(within(screen.getByRole('menu')).getByText('No actions for this row')).toBeTruthy();
  });

  it('shows the default columns first, then remembers the chosen ones per table', () => {
    const h = harness();
    const { unmount } = render(<Table harness={h} />);
    const headerNames = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headerNames().some((name) => name?.startsWith('Country'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Country' }));
    expect(h.states.at(-1)?.columns).toContain('country');
    expect(JSON.parse(localStorage.getItem(columnsStorageKey('test.customers')) ?? '[]')).toContain('country');
    unmount();
    const next = harness();
    render(<Table harness={next} />);
    expect(screen.getAllByRole('columnheader').some((cell) => cell.textContent?.startsWith('Country'))).toBe(true);
    expect(next.states[0]?.columns).toContain('country');
  });

  it('shows the active filters as chips and removes one with ×', () => {
    const h = harness();
    const filters: TableFilter[] = [
      { kind: 'multi', column: 'country', op: 'equal', value: ['US', 'GB'] },
      { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
    ];
    render(<Table harness={h} initial={{ filters }} />);
    expect(screen.getByRole('button', { name: 'Edit filter: Country is US, GB' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Country is US, GB' }));
    expect(h.states.at(-1)?.filters).toEqual([filters[1]]);
  });

  it('shows what the caller gives when there are no rows', () => {
    render(
      <DataTable
        id="empty"
        label="Customers"
        headers={customerHeaders}
        rows={[]}
        state={{ filters: [] }}
        onStateChange={() => undefined}
        empty={<p>Nothing here</p>}
      />,
    );
    expect(screen.getByText('Nothing here')).toBeTruthy();
  });
});

describe('FilterEditor', () => {
  const byKey = (key: string) => customerHeaders.find((header) => header.key === key) as Header;

  function edit(header: Header) {
    const onApply = vi.fn<(filter: TableFilter) => void>();
    render(<FilterEditor header={header} onApply={onApply} />);
    return onApply;
  }

  it('makes a text filter', () => {
    const onApply = edit(byKey('email'));
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'includes' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: 'gmail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ kind: 'text', column: 'email', op: 'includes', value: 'gmail' });
  });

  it('makes a number filter, and refuses what is not a number', () => {
    const onApply = edit(byKey('id'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['>', '≥', '<', '≤', '=', '≠']);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Type a number');
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'lte' } });
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ kind: 'number', column: 'id', op: 'lte', value: 100 });
  });

  it('makes a date range', () => {
    const onApply = edit(byKey('date_added'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'after',
      'on or after',
      'before',
      'on or before',
      'on',
      'not on',
      'between',
    ]);
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'range' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      kind: 'date',
      column: 'date_added',
      op: 'range',
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });

  it('makes a multi-selection filter from the header’s options', () => {
    const onApply = edit(byKey('country'));
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'not_equal' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'US' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'DE' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ kind: 'multi', column: 'country', op: 'not_equal', value: ['US', 'DE'] });
  });
});
