import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun, runner } from '../../commands/runner';
import type { Header } from '../../domain/tables';
import { clearSession } from '../../src/session/store';
import UserDetailsPage from '../../views/user-details/UserDetailsPage';
import { customerRow, usersAnswer } from './support/customer-row';
import { editingProject } from './support/editing-project';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';
import { serveUserDetails } from './support/user-details';

const header = (key: string, label: string, type: Header['type'] = 'TEXT', sortable = false): Header => ({
  key,
  label,
  type,
  sortable,
  filter: null,
  default_visible: true,
});

const eur = (amount: number) => ({ amount, multiplier: 100 as const, symbol: '€' });

const editingAnswer = {
  headers: [
    header('date', 'Date', 'DATETIME', true),
    header('project_name', 'Project', 'TEXT', true),
    header('project_status', 'Status'),
    header('advanced_options', 'Advanced options', 'TAG'),
    header('total_charge', 'Total charge', 'CURRENCY', true),
    header('invoice', 'Invoice', 'LINK'),
    header('quick_actions', 'Actions', 'ROW_MENU'),
  ],
  projects: [
    editingProject({
      id: 3,
      project_name: 'Smith wedding',
      advanced_options: ['CROP', 'HDR_MERGE'],
      delivery_to_gallery: { icon: 'GALLERY', tooltip: 'Also delivered to an online gallery' },
      invoice: { charge_id: 11, number: 'LP-2026-0000011' },
      quick_actions: [
        { name: 'REFUND', is_disabled: true, disable_message: 'Only admins and support masters may refund projects' },
        { name: 'RE_EDIT', is_disabled: false, disable_message: null },
      ],
    }),
    editingProject({
      id: 2,
      project_name: 'Autumn portraits',
      project_status: 'UPLOADED',
      total_charge: eur(0),
      paid: false,
    }),
  ],
  meta: { total_number_of_projects: 120, page: 1, page_size: 50 },
};

let server: FakeApi;

beforeEach(() => {
  cancelRun();
  clearSession();
  signedInAs('SUPPORT_PL1');
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.on('GET', '/admin/users/42/projects', () => ({ status: 200, body: editingAnswer }));
  server.on('GET', '/admin/users/42/video/projects', () => ({
    status: 200,
    body: {
      headers: [header('project_name', 'Project'), header('duration_minutes', 'Minutes', 'NUMBER')],
      projects: [
        {
          id: 9,
          project_name: 'Harbor film',
          date: '2026-03-01T10:00:00.000Z',
          project_status: 'READY',
          duration_minutes: 12,
          number_of_clips: 30,
          quick_actions: [],
        },
      ],
      meta: { total_number_of_projects: 1, page: 1, page_size: 50 },
    },
  }));
  server.on('GET', '/admin/users/42/profiles/dropdown-options', () => ({
    status: 200,
    body: [
      { id: 7, profile_name: 'Golden Hour' },
      { id: 8, profile_name: 'Moody Film' },
    ],
  }));
  server.on('GET', '/admin/profiles/7/teaching-projects', () => ({ status: 200, body: { headers: [], projects: [] } }));
  server.on('GET', '/admin/profiles/8/teaching-projects', () => ({
    status: 200,
    body: {
      headers: [],
      projects: [
        {
          id: 21,
          project_name: 'Moody teaching set',
          upload_date: '2026-01-10T10:00:00.000Z',
          teach: true,
          finetune: false,
          number_of_images_sent: 900,
        },
      ],
    },
  }));
  serveUserDetails(server);
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

const lastRequest = (path: string) => server.requests.filter((request) => request.path === path).at(-1);

describe('ProjectsTab', () => {
  it('lists editing projects in the server’s columns, options as tags, the charge as money, the invoice linked', async () => {
    renderAt('/users/42/projects', <UserDetailsPage id={42} tab="projects" />);
    const table = await screen.findByRole('table', { name: 'Editing projects' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(
      /Smith wedding.*Also delivered to an online gallery.*Downloaded.*Crop.*HDR Merge.*€48\.00.*LP-2026-0000011/,
    );
    expect(rows[2]?.textContent).toMatch(/Autumn portraits.*Uploaded.*—.*€0\.00/);
    expect(within(table).getByRole('link', { name: 'LP-2026-0000011' }).getAttribute('href')).toBe('/users/42/charges');
    expect(screen.getByText('120 projects · page 1 of 3')).toBeTruthy();
  });

  it('keeps the page and sort in the address and asks the server for them', async () => {
    renderAt('/users/42/projects', <UserDetailsPage id={42} tab="projects" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(lastRequest('/admin/users/42/projects')?.search).toContain('page=2'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'total_charge' } });
    await waitFor(() => expect(window.location.search).toBe('?page=1&sort=total_charge'));
    await waitFor(() => expect(lastRequest('/admin/users/42/projects')?.search).toContain('sort=total_charge'));
  });

  it('switches to the video projects, and to a chosen profile’s teaching projects', async () => {
    renderAt('/users/42/projects', <UserDetailsPage id={42} tab="projects" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Video' }));
    const videos = await screen.findByRole('table', { name: 'Video projects' });
    expect(videos.textContent).toMatch(/Harbor film12/);
    expect(window.location.search).toBe('?view=video');

    fireEvent.click(screen.getByRole('button', { name: 'Teaching' }));
    expect(await screen.findByText('This profile was not taught with any project.')).toBeTruthy();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Profile' }), { target: { value: '8' } });
    const teaching = await screen.findByRole('table', { name: 'Teaching projects' });
    expect(teaching.textContent).toMatch(/Moody teaching set900YesNo/);
    expect(window.location.search).toBe('?view=teaching&profile=8');
  });

  it('a project row’s menu runs re-edit for that project; refund shows, disabled, to a role without it', async () => {
    renderAt('/users/42/projects', <UserDetailsPage id={42} tab="projects" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for project #3' }));
    const menu = screen.getByRole('menu', { name: 'Project #3' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Refund project.*Only admins and support masters may /),
      expect.stringContaining('Re-edit project'),
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Re-edit project/ }));
    await waitFor(() => expect(runner.run?.commandId).toBe('project.reedit'));
    expect(runner.run?.values.project_id).toBe('3');
    expect(screen.queryByRole('button', { name: 'Actions for project #2' })).toBeNull();
  });
});
