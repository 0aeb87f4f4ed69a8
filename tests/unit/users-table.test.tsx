import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusedRow } from '../../commands/page-target';
import { cancelRun, runner } from '../../commands/runner';
import type { TableQuery } from '../../domain/table-query';
import type { CustomerRow } from '../../domain/users';
import { clearSession } from '../../src/session/store';
import { staffTimeZone } from '../../src/ui/day-meaning';
import { closePalette, openPalette, Palette } from '../../views/palette/Palette';
import UsersPage from '../../views/users/UsersPage';
import { customerRow } from './support/customer-row';
import { FakeApi, type SeenRequest } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';
import { customerHeaders, stubLayout } from './support/table';

let server: FakeApi;
const marketerRow = (id: number): CustomerRow =>
  customerRow({
    id,
    email: `c${id}@example.com`,
    first_name: `Cust${id}`,
    quick_actions: [
      {
        name: 'SUSPEND_USER',
        is_disabled: true,
        disable_message: 'Only admins, PL2 agents and support masters may suspend customers',
      },
      { name: 'NOT_A_KNOWN_ACTION', is_disabled: false, disable_message: null },
    ],
  });

function filterAnswer(request: SeenRequest) {
  const body = request.body as TableQuery;
  const start = body.cursor ? Number(body.cursor) : 0;
  const users = Array.from({ length: 3 }, (_, index) => marketerRow(start + index + 1));
  return {
    status: 200,
    body: {
      headers: customerHeaders,
      users,
      meta: {
        total_number_of_users: 123456,
        total_is_estimate: true,
        next_cursor: start < 3 ? String(start + 3) : null,
        sort: { column: 'date_added', direction: 'desc' },
        enable_column_selection: true,
      },
    },
  };
}

beforeEach(() => {
  cancelRun();
  clearSession();
  localStorage.clear();
  signedInAs('ADMIN');
  stubLayout(600);
  server = new FakeApi();
  server.delay = 0;
  server.on('POST', '/admin/users/users_filter', filterAnswer);
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function filterBodies(): TableQuery[] {
  return server.requests
    .filter((seen) => seen.path === '/admin/users/users_filter')
    .map((seen) => seen.body as TableQuery);
}

describe('All users tab', () => {
  it('asks users_filter for the view in the URL, pages by cursor and shows the estimated total and the filters', async () => {
    renderAt(
      '/users/all-users?f=country:multi:equal:US,GB&f=status:multi:equal:ACTIVE&sort=-date_added&cols=id,email,country',
      <UsersPage tab="all-users" />,
    );
    expect(await screen.findByText('≈ 123,456')).toBeTruthy();
    const [first] = filterBodies();
    expect(first).toEqual({
      filters: [
        { kind: 'multi', column: 'country', op: 'equal', value: ['US', 'GB'] },
        { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
      ],
      sort: { column: 'date_added', direction: 'desc' },
      columns: ['id', 'email', 'first_name', 'last_name', 'status', 'country'],
      page_size: 200,
      cursor: null,
      // The days of date filters are read where the staff member is.
      time_zone: staffTimeZone(),
    });
    await waitFor(() => expect(filterBodies().map((body) => body.cursor)).toEqual([null, '3']));
    expect(screen.getByRole('button', { name: 'Edit filter: Country is US, GB' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit filter: Status is Active' })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'All customers' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[↑↓]/g, '')),
    ).toEqual(['ID', 'E-mail', 'Country']);
  });

  it('writes a new sort into the URL and asks again', async () => {
    renderAt('/users/all-users', <UsersPage tab="all-users" />);
    await screen.findByText('≈ 123,456');
    fireEvent.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(location.search).toBe('?sort=id'));
    await waitFor(() => expect(filterBodies().at(-1)?.sort).toEqual({ column: 'id', direction: 'asc' }));
  });

  it('makes the focused row the palette’s target, and opens its menu with the server’s reasons', async () => {
    signedInAs('MARKETER_PLUS');
    renderAt('/users/all-users', <UsersPage tab="all-users" />);
    await screen.findByText('≈ 123,456');
    const grid = screen.getByRole('grid', { name: 'All customers' });
    act(() => grid.focus());
    act(() => {
      fireEvent.keyDown(grid, { key: 'j' });
    });
    expect(focusedRow.target?.id).toBe(2);
    act(() => {
      fireEvent.keyDown(grid, { key: '.' });
    });
    // The row menus' commands arrive with the command layer, loaded at the first key (views/shell/use-row-menus.ts).
    const menu = screen.getByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]?.textContent).toContain('Suspend'));
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('Only admins, PL2 agents and support masters may suspend customers');
    expect(items[0]?.getAttribute('aria-disabled')).toBe('true');
    act(() => {
      fireEvent.keyDown(menu, { key: 'Escape' });
    });
    act(() => {
      fireEvent.keyDown(grid, { key: 'Enter' });
    });
    await waitFor(() => expect(location.pathname).toBe('/users/2/general'));
  });

  it('lists the focused row’s commands first in the palette', async () => {
    renderAt(
      '/users/all-users',
      <>
        <UsersPage tab="all-users" />
        <Palette />
      </>,
    );
    await screen.findByText('≈ 123,456');
    const grid = screen.getByRole('grid', { name: 'All customers' });
    act(() => grid.focus());
    act(() => {
      fireEvent.keyDown(grid, { key: 'j' });
    });
    act(() => openPalette());
    await waitFor(() => expect(screen.getAllByRole('option')[0]?.textContent).toMatch(/Cust2 Doe/));
    act(() => closePalette());
  });

  it('runs a row action through the runner for that row', async () => {
    server.on('POST', '/admin/users/users_filter', (request) => {
      const answer = filterAnswer(request);
      return {
        ...answer,
        body: { ...answer.body, users: [customerRow({ id: 9 })], meta: { ...answer.body.meta, next_cursor: null } },
      };
    });
    renderAt('/users/all-users', <UsersPage tab="all-users" />);
    await screen.findByText('≈ 123,456');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Jane Doe' }));
    act(() => {
      fireEvent.keyDown(screen.getByRole('menu'), { key: 'Enter' });
    });
    await waitFor(() => expect(runner.run?.commandId).toBe('user.suspend'));
    expect(runner.run?.target?.id).toBe(9);
    expect(runner.run?.origin).toBe('row-menu');
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    server.on('POST', '/admin/users/users_filter', (request) => {
      const answer = filterAnswer(request);
      return {
        ...answer,
        body: {
          ...answer.body,
          users: [],
          meta: { ...answer.body.meta, total_number_of_users: 0, total_is_estimate: false, next_cursor: null },
        },
      };
    });
    renderAt('/users/all-users?f=email:text:includes:zzz', <UsersPage tab="all-users" />);
    expect(await screen.findByText('No customer matches these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.search).toBe(''));
  });
});
