import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordContext } from '../../commands/record-context';
import { cancelRun, runCommand, runner } from '../../commands/runner';
import { type PendingRow, pendingKindLabels } from '../../domain/pending-projects';
import type { TableQuery } from '../../domain/table-query';
import type { Header } from '../../domain/tables';
import { clearSession } from '../../src/session/store';
import PendingProjectsPage from '../../views/pending-projects/PendingProjectsPage';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';
import { stubLayout } from './support/table';

const header = (key: string, label: string, type: Header['type'], filter: Header['filter'] = null): Header => ({
  key,
  label,
  type,
  sortable: filter !== null,
  filter,
  default_visible: true,
});

function waiting(overrides: Partial<PendingRow> & Pick<PendingRow, 'id' | 'record_id' | 'name'>): PendingRow {
  return {
    record: 'project',
    kind: 'EDITING',
    status: 'UPLOADED',
    waiting_since: '2026-03-01T10:00:00.000Z',
    age_hours: 50,
    user_id: 42,
    customer: 'Ada Queue',
    profile_id: 7,
    profile_name: 'Golden Hour',
    reason: 'Uploaded: waits to be edited',
    last_updated_row: null,
    quick_actions: [],
    ...overrides,
  };
}

const answer = {
  headers: [
    header('waiting_since', 'Waiting since', 'DATETIME', 'date'),
    { ...header('kind', 'Kind', 'TAG', 'multi'), option_labels: pendingKindLabels },
    header('name', 'Name', 'TEXT', 'text'),
    header('customer', 'Customer', 'TEXT', 'text'),
    header('profile_name', 'Profile', 'TEXT', 'text'),
    header('reason', 'Why it waits', 'TEXT'),
    header('quick_actions', 'Actions', 'ROW_MENU'),
  ],
  rows: [
    waiting({
      id: 'model-5',
      record_id: 5,
      record: 'model',
      kind: 'MODEL',
      status: 'PENDING',
      name: 'Model 2',
      last_updated_row: '2026-03-01T10:00:00.123456Z',
      quick_actions: [
        { name: 'CHANGE_STATE', is_disabled: false, disable_message: null },
        { name: 'LOCK_MODEL', is_disabled: true, disable_message: 'Only admins and support agents may change models' },
        { name: 'OPEN_PROFILE', is_disabled: false, disable_message: null },
        { name: 'OPEN_CUSTOMER', is_disabled: false, disable_message: null },
      ],
    }),
    waiting({
      id: 'project-3',
      record_id: 3,
      name: 'Smith wedding',
      quick_actions: [{ name: 'RE_EDIT', is_disabled: false, disable_message: null }],
    }),
  ],
  meta: {
    total_number_of_pending: 2,
    total_is_estimate: false,
    next_cursor: null,
    sort: { column: 'waiting_since', direction: 'asc' },
  },
};

let server: FakeApi;
const queueRequests = () =>
  server.requests
    .filter((seen) => seen.path === '/admin/projects/pending_projects')
    .map((seen) => seen.body as TableQuery);

beforeEach(() => {
  cancelRun();
  clearSession();
  signedInAs('SUPPORT_PL1');
  stubLayout(600);
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.on('POST', '/admin/projects/pending_projects', () => ({ status: 200, body: answer }));
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PendingProjectsPage', () => {
  it('shows the queue in the server’s columns, oldest first, with kind, customer, profile and why it waits', async () => {
    renderAt('/pending-projects', <PendingProjectsPage />);
    const table = await screen.findByRole('grid', { name: 'Pending projects' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/Model trainingModel 2Ada QueueGolden Hour/);
    expect(rows[2]?.textContent).toMatch(/EditingSmith weddingAda QueueGolden HourUploaded: waits to be edited/);
    expect(screen.getByTestId('pending-total').textContent).toBe('2 waiting');
  });

  it('asks the server for the filters and sort in the address', async () => {
    renderAt('/pending-projects?f=kind:multi:equal:EDITING&sort=-waiting_since', <PendingProjectsPage />);
    await screen.findByRole('grid', { name: 'Pending projects' });
    expect(queueRequests()[0]).toMatchObject({
      filters: [{ kind: 'multi', column: 'kind', op: 'equal', value: ['EDITING'] }],
      sort: { column: 'waiting_since', direction: 'desc' },
    });
  });

  it('a project row’s menu runs the Projects tab’s re-edit for that project', async () => {
    renderAt('/pending-projects', <PendingProjectsPage />);
    const table = await screen.findByRole('grid', { name: 'Pending projects' });
    fireEvent.click(within(table).getByRole('button', { name: 'Actions for Smith wedding of Ada Queue' }));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Re-edit project/ }));
    await waitFor(() => expect(runner.run?.commandId).toBe('project.reedit'));
    expect(runner.run?.values.project_id).toBe('3');
  });

  it('a model row’s menu runs the Models page’s commands on that model, with its version', async () => {
    renderAt('/pending-projects', <PendingProjectsPage />);
    const table = await screen.findByRole('grid', { name: 'Pending projects' });
    fireEvent.click(within(table).getByRole('button', { name: 'Actions for Model 2 of Ada Queue' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Change model state/),
      expect.stringMatching(/^Lock model/),
      expect.stringMatching(/^Open model’s profile/),
      expect.stringMatching(/^Open model’s customer/),
    ]);
    // The server's reason stands: the item is disabled and says why.
    const lock = within(menu).getByRole('menuitem', { name: /Lock model/ });
    expect(lock.getAttribute('aria-disabled')).toBe('true');
    expect(lock.textContent).toMatch(/may change models/);
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Change model state/ }));
    await waitFor(() => expect(runner.run?.commandId).toBe('model.change-state'));
    expect(runner.run?.values).toMatchObject({
      model_id: '5',
      last_updated_row: '2026-03-01T10:00:00.123456Z',
    });
  });

  it('the focused row is the palette’s record context: a model row its model, a project row its project', async () => {
    renderAt('/pending-projects', <PendingProjectsPage />);
    const table = await screen.findByRole('grid', { name: 'Pending projects' });
    act(() => table.focus());
    await waitFor(() => expect(recordContext.record).toMatchObject({ kind: 'model', id: 5, target: { id: 42 } }));
    expect(recordContext.record?.prefill).toEqual({
      model_id: '5',
      user_id: '42',
      last_updated_row: '2026-03-01T10:00:00.123456Z',
    });
    act(() => {
      fireEvent.keyDown(table, { key: 'j' });
    });
    await waitFor(() => expect(recordContext.record).toMatchObject({ kind: 'project', id: 3 }));
    expect(recordContext.record?.prefill).toBeUndefined();
    cleanup();
    expect(recordContext.record).toBeUndefined();
  });

  it('Enter on a model row opens the model; on a project row the customer’s Projects tab', async () => {
    renderAt('/pending-projects', <PendingProjectsPage />);
    const table = await screen.findByRole('grid', { name: 'Pending projects' });
    act(() => table.focus());
    act(() => {
      fireEvent.keyDown(table, { key: 'Enter' });
    });
    await waitFor(() => expect(location.pathname).toBe('/models/5'));
    renderAt('/pending-projects', <PendingProjectsPage />);
    const again = (await screen.findAllByRole('grid', { name: 'Pending projects' })).at(-1);
    if (!again) throw new Error('no grid');
    act(() => again.focus());
    act(() => {
      fireEvent.keyDown(again, { key: 'j' });
    });
    act(() => {
      fireEvent.keyDown(again, { key: 'Enter' });
    });
    await waitFor(() => expect(location.pathname).toBe('/users/42/projects'));
  });

  it('Enter on a model row opens the customer’s Profiles tab for a role without see_models (no Models pages)', async () => {
    signedInAs('MARKETER_PLUS');
    renderAt('/pending-projects', <PendingProjectsPage />);
    const table = await screen.findByRole('grid', { name: 'Pending projects' });
    act(() => table.focus());
    act(() => {
      fireEvent.keyDown(table, { key: 'Enter' });
    });
    await waitFor(() => expect(location.pathname).toBe('/users/42/profiles'));
  });

  it('refreshes the queue when a command run closes, keeping the focused row', async () => {
    renderAt('/pending-projects', <PendingProjectsPage />);
    const table = await screen.findByRole('grid', { name: 'Pending projects' });
    act(() => table.focus());
    act(() => {
      fireEvent.keyDown(table, { key: 'j' });
    });
    const focused = table.getAttribute('aria-activedescendant');
    expect(focused).toBeTruthy();
    const before = queueRequests().length;
    void runCommand('project.reedit', {
      target: { kind: 'user', id: 42, name: 'Ada Queue' },
      prefill: { project_id: '3' },
      origin: 'row-menu',
    });
    await waitFor(() => expect(runner.run).not.toBeNull());
    cancelRun();
    await waitFor(() => expect(queueRequests().length).toBeGreaterThan(before));
    expect(screen.getByRole('grid', { name: 'Pending projects' }).getAttribute('aria-activedescendant')).toBe(focused);
  });
});
