import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilteredEmpty, FirstPageFallback, ListTotal, localColumn, type TableState } from '../../src/ui/table';

afterEach(cleanup);

describe('FirstPageFallback', () => {
  it('shows a spinner named for the list while it loads', () => {
    render(<FirstPageFallback what="the models" isLoading error={undefined} onRetry={() => {}} />);
    expect(screen.getByRole('status', { name: 'Loading the models' })).toBeTruthy();
  });

  it('says why it failed and tries again on request; nothing before either', () => {
    const retry = vi.fn();
    const { rerender, container } = render(
      <FirstPageFallback what="the queue" isLoading={false} error={undefined} onRetry={retry} />,
    );
    expect(container.textContent).toBe('');
    rerender(
      <FirstPageFallback what="the queue" isLoading={false} error={{ message: 'Server down' }} onRetry={retry} />,
    );
    expect(screen.getByText('Could not load the queue')).toBeTruthy();
    expect(screen.getByText('Server down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('FilteredEmpty', () => {
  const filtered: TableState = {
    filters: [{ kind: 'multi', column: 'state', op: 'equal', value: ['READY'] }],
    sort: { column: 'id', direction: 'asc' },
  };

  it('offers Clear filters while filters are set, keeping the sort', () => {
    const change = vi.fn();
    render(
      <FilteredEmpty
        title="No models"
        message="No model matches."
        error={undefined}
        state={filtered}
        onStateChange={change}
      />,
    );
    expect(screen.getByText('No model matches.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(change).toHaveBeenCalledWith({ filters: [], sort: { column: 'id', direction: 'asc' } });
  });

  it('says the last page’s error instead, and offers nothing to clear without filters', () => {
    render(
      <FilteredEmpty
        title="No models"
        message="No model matches."
        error={{ message: 'Timed out' }}
        state={{ filters: [] }}
        onStateChange={() => {}}
      />,
    );
    expect(screen.getByText('Timed out')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ListTotal', () => {
  it('shows the total with its noun, "≈" when estimated, and a spinner while a page loads', () => {
    const { rerender } = render(<ListTotal busy={false} total={1234} estimate={false} noun="models" testId="total" />);
    expect(screen.getByTestId('total').textContent).toBe('1,234 models');
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<ListTotal busy total={55908} estimate noun="waiting" testId="total" />);
    expect(screen.getByTestId('total').textContent).toBe('≈ 55,908 waiting');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});

describe('localColumn', () => {
  it('is shown, unsorted and unfiltered unless told otherwise', () => {
    expect(localColumn('state', 'State', 'STATUS', { options: ['DONE'] })).toEqual({
      key: 'state',
      label: 'State',
      type: 'STATUS',
      sortable: false,
      filter: null,
      default_visible: true,
      options: ['DONE'],
    });
    expect(localColumn('viewed_at', 'Viewed at', 'DATETIME', { sortable: true }).sortable).toBe(true);
  });
});
