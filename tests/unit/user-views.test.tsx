import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun, runner } from '../../commands/runner';
import { clearSession } from '../../src/session/store';
import UserDetailsPage from '../../views/user-details/UserDetailsPage';
import UsersPage from '../../views/users/UsersPage';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';
import { stubLayout } from './support/table';
import { serveOverview, serveUserDetails } from './support/user-details';

let server: FakeApi;

beforeEach(() => {
  cancelRun();
  clearSession();
  signedInAs('ADMIN');
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.on('GET', '/admin/users/404', () => ({
    status: 404,
    body: { detail: 'No customer with this id', code: 'customer_not_found' },
  }));
  server.on('GET', '/admin/users/last_viewed/get_last_viewed', () => ({
    status: 200,
    body: {
      ...usersAnswer(customerRow(), customerRow({ id: 43, first_name: 'Ann', status: 'SUSPENDED' })),
      viewed_at: ['2025-03-01T10:00:00.000Z', '2025-02-01T10:00:00.000Z'],
    },
  }));
  serveUserDetails(server);
  serveOverview(server);
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

describe('UserDetailsPage', () => {
  it('shows the customer and the commands this role may run, through the runner', async () => {
    renderAt('/users/42/general', <UserDetailsPage id={42} tab="general" />);
    expect(await screen.findByRole('heading', { level: 1, name: /Jane Doe/ })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'At a glance' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unsuspend/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Suspend/ }));
    await waitFor(() => expect(runner.run?.commandId).toBe('user.suspend'));
    expect(runner.run?.target?.id).toBe(42);
    expect(runner.run?.origin).toBe('button');
  });

  it('offers no suspension buttons to a role without user_suspension', async () => {
    signedInAs('SUPPORT_PL1');
    renderAt('/users/42/general', <UserDetailsPage id={42} tab="general" />);
    await screen.findByRole('heading', { level: 1, name: /Jane Doe/ });
    expect(screen.queryByRole('button', { name: /Suspend/ })).toBeNull();
  });

  it('says who the customer is under the name, and leads the general tab with what an agent reads, each fact once', async () => {
    renderAt('/users/42/general', <UserDetailsPage id={42} tab="general" />);
    const heading = await screen.findByRole('heading', { level: 1, name: /Jane Doe/ });
    expect(heading.textContent).toBe('Jane Doe Active');
    const facts = await screen.findByRole('list', { name: 'Customer facts' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace('·', '')),
    ).toEqual(['jane.doe@example.com', '#42', 'Doe Photography', 'GB', 'Customer since 2 Jan 2025']);
    const glance = await screen.findByRole('region', { name: 'At a glance' });
    await waitFor(() => expect(within(glance).getByText('£25.00')).toBeTruthy());
    const read = (label: string) => within(glance).getByText(label).nextElementSibling?.textContent;
    expect(read('Plan')).toBe('Metered');
    expect(read('Credit balance')).toBe('£25.00');
    expect(read('Next charge')).toBe('None scheduled');
    expect(read('Failing charge')).toBe('None');
    await waitFor(() => expect(read('Open projects')).toBe('1'));
    expect(screen.queryByRole('form', { name: 'Customer details' })).toBeNull();
    for (const fact of ['jane.doe@example.com', 'Doe Photography', 'Metered'])
      expect(screen.getAllByText(new RegExp(`^${fact.replace('.', '\\.')}$`))).toHaveLength(1);
  });

  it('says when there is no such customer', async () => {
    renderAt('/users/404/general', <UserDetailsPage id={404} tab="general" />);
    expect(await screen.findByText('No customer with this id')).toBeTruthy();
  });
});

describe('UsersPage', () => {
  it('lists the last viewed customers; j/k move between rows and Enter opens one', async () => {
    stubLayout(600);
    renderAt('/users/last-viewed', <UsersPage tab="last-viewed" />);
    const grid = await screen.findByRole('grid', { name: 'Last viewed customers' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(3));
    expect(within(grid).getAllByRole('columnheader')[0]?.textContent).toMatch(/^Viewed at/);
    act(() => grid.focus());
    act(() => {
      fireEvent.keyDown(grid, { key: 'j' });
    });
    const focused = document.getElementById(grid.getAttribute('aria-activedescendant') ?? '');
    expect(focused?.getAttribute('data-row-id')).toBe('43');
    act(() => {
      fireEvent.keyDown(grid, { key: 'Enter' });
    });
    await waitFor(() => expect(location.pathname).toBe('/users/43/general'));
    vi.restoreAllMocks();
  });

  it('shows only the tabs the role may open', async () => {
    signedInAs('SUPPORT_PL1');
    renderAt('/users/last-viewed', <UsersPage tab="last-viewed" />);
    await screen.findByRole('grid', { name: 'Last viewed customers' });
    expect(screen.queryByRole('link', { name: 'All users' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Search' })).toBeTruthy();
  });
});
