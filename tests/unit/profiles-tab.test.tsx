import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun, runner } from '../../commands/runner';
import type { FinetuneHistoryAnswer, ProfileRow, ProfilesAnswer, SharingUsersAnswer } from '../../domain/profiles';
import type { Header } from '../../domain/tables';
import { clearSession } from '../../src/session/store';
import UserDetailsPage from '../../views/user-details/UserDetailsPage';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';
import { serveUserDetails } from './support/user-details';

const header = (key: string, label: string, visible = true): Header => ({
  key,
  label,
  type: 'TEXT',
  sortable: false,
  filter: null,
  default_visible: visible,
});

const dropdown = <T extends string>(value: T, options: readonly T[], reason: string | null = null) => ({
  value,
  options: options.map((each) => ({ value: each, label: each })),
  is_disabled: reason !== null,
  disable_message: reason,
});

function profile(overrides: Partial<ProfileRow> & Pick<ProfileRow, 'id' | 'profile_name'>): ProfileRow {
  return {
    profile_type: 'CREATOR',
    sharing: null,
    format: dropdown('RAW', ['RAW', 'JPG'] as const),
    color: dropdown('COLOR', ['COLOR', 'BnW'] as const),
    projects_sent_with_profile: 4,
    photos_sent_for_profile: 1200,
    date_last_trained: '2026-09-01T10:00:00.000Z',
    train_my_profile_date: null,
    profile_built_with: 'LIGHTROOM_CATALOG',
    additional_photos: 0,
    total_photos: 1200,
    missing_for_finetune: 300,
    ready_for_finetune: false,
    status: 'READY',
    disable_color: false,
    last_updated_row: '2026-09-01T10:00:00.000Z',
    quick_actions: [],
    ...overrides,
  };
}

const profilesAnswer: ProfilesAnswer = {
  headers: [
    header('id', 'Id'),
    header('profile_name', 'Name'),
    header('status', 'Status'),
    header('sharing', 'Sharing'),
    header('missing_for_finetune', 'Missing for finetune'),
    header('profile_built_with', 'Built with', false),
    header('quick_actions', 'Actions'),
  ],
  profiles: [
    profile({
      id: 7,
      profile_name: 'Golden Hour',
      sharing: { type: 'SHARED_WITH_OTHERS', owner_id: 42 },
      quick_actions: [
        { name: 'SHARE_PROFILE', is_disabled: false, disable_message: null },
        { name: 'DELETE_PROFILE', is_disabled: false, disable_message: null },
      ],
    }),
    profile({
      id: 8,
      profile_name: 'Old Look',
      status: 'DELETED',
      disable_color: true,
      quick_actions: [
        {
          name: 'RECOVER_PROFILE',
          is_disabled: true,
          disable_message: 'Only admins and support agents may edit profiles',
        },
      ],
    }),
    profile({
      id: 9,
      profile_name: 'Studio Neutral',
      sharing: { type: 'SHARED_WITH_ME', owner_id: 51 },
      quick_actions: [{ name: 'GO_TO_OWNER', is_disabled: false, disable_message: null }],
    }),
  ],
  meta: { enable_column_selection: true, max_personal_profiles: 3 },
};

const history: FinetuneHistoryAnswer = {
  headers: [],
  rows: [
    {
      creation_date: '2026-09-01T10:00:00.000Z',
      photos_in_model: 1500,
      model_id: 31,
      state: 'READY',
      is_current: true,
      action: null,
    },
    {
      creation_date: '2026-05-01T10:00:00.000Z',
      photos_in_model: 900,
      model_id: 30,
      state: 'DEPRECATED',
      is_current: false,
      action: 'REVERT',
    },
  ],
  meta: { max_models: 20, total_number_of_models: 2 },
};

const sharedWith: SharingUsersAnswer = {
  users: [
    { id: 3, email: 'assistant@studio.example', is_registered: false, user_id: null, is_silent: true },
    { id: 4, email: 'second@studio.example', is_registered: true, user_id: 77, is_silent: false },
  ],
  meta: { max_shared_users: 3 },
};

let server: FakeApi;

beforeEach(() => {
  cancelRun();
  clearSession();
  signedInAs('SUPPORT_PL1');
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.on('GET', '/admin/users/42/profiles', () => ({ status: 200, body: profilesAnswer }));
  server.on('GET', '/admin/profiles/7/finetune_history', () => ({ status: 200, body: history }));
  server.on('GET', '/admin/profiles/7/sharing/users', () => ({ status: 200, body: sharedWith }));
  serveUserDetails(server);
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

describe('ProfilesTab', () => {
  it('shows the server’s default columns, each row’s state and sharing, and the own-profile count', async () => {
    renderAt('/users/42/profiles', <UserDetailsPage id={42} tab="profiles" />);
    const table = await screen.findByRole('table', { name: 'Profiles' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Id', 'Name', 'Status', 'Sharing', 'Missing for finetune', 'Actions']);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/#7Golden HourReadyShared with others300/),
      expect.stringMatching(/#8Old LookDeleted—300/),
      expect.stringMatching(/#9Studio NeutralReadyShared with me300/),
    ]);
    expect(screen.getByText(/Own profiles/).parentElement?.textContent).toBe('Own profiles 1 of 3');
    const owner = screen.getByRole('link', { name: /Go to the owner of Studio Neutral/ });
    expect(owner.getAttribute('href')).toBe('/users/51/profiles');
  });

  it('opens a row’s finetune history in the address, focused, and closes it with Escape', async () => {
    renderAt('/users/42/profiles', <UserDetailsPage id={42} tab="profiles" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Finetune history of Golden Hour (profile #7)' }));
    await waitFor(() => expect(window.location.search).toBe('?history=7'));
    const section = await screen.findByRole('region', { name: /Finetune history · Golden Hour/ });
    const models = await within(section).findByRole('table', { name: 'Finetune history of Golden Hour' });
    const rows = within(models).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/#31Readycurrent1,500—/);
    expect(rows[2]?.textContent).toMatch(/#30Deprecated900Revert to #30/);
    // SUPPORT_PL1 holds edit_profile: the revert runs through its command, prefilled with the profile and model.
    fireEvent.click(within(rows[2] as HTMLElement).getByRole('button', { name: 'Revert to #30' }));
    await waitFor(() => expect(runner.run?.commandId).toBe('profile.revert-to-model'));
    cancelRun();
    expect(document.activeElement?.id).toBe('finetune-history-heading');
    fireEvent.keyDown(section, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Finetune history/ })).toBeNull());
    expect(window.location.search).toBe('');
  });

  it('row menus run the profile commands the server offers, for that profile; a refused one shows the reason', async () => {
    renderAt('/users/42/profiles', <UserDetailsPage id={42} tab="profiles" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for profile #8' }));
    const deleted = screen.getByRole('menu', { name: 'Profile #8' });
    expect(within(deleted).getByRole('menuitem').getAttribute('aria-disabled')).toBe('true');
    expect(deleted.textContent).toContain('Only admins and support agents may edit profiles');
    fireEvent.keyDown(deleted, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for profile #7' }));
    const menu = screen.getByRole('menu', { name: 'Profile #7' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Share profile'), expect.stringContaining('Delete profile')]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Delete profile/ }));
    await waitFor(() => expect(runner.run?.commandId).toBe('profile.delete'));
    expect(runner.run?.values.profile_id).toBe('7');
  });

  it('lists who a profile is shared with from its Sharing cell; Unshare runs for that address, for roles that may', async () => {
    renderAt('/users/42/profiles', <UserDetailsPage id={42} tab="profiles" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Who Golden Hour (profile #7) is shared with' }));
    await waitFor(() => expect(window.location.search).toBe('?shared=7'));
    const section = await screen.findByRole('region', { name: /Shared with · Golden Hour/ });
    const table = await within(section).findByRole('table', { name: 'People Golden Hour is shared with' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'E-mailCustomerToldActions',
      'assistant@studio.exampleNot a customerNo, shared silentlyUnshare',
      'second@studio.exampleCustomer 77Yes, by e-mailUnshare',
    ]);
    expect(section.textContent).toContain('2 of at most 3');
    fireEvent.click(within(section).getByRole('button', { name: 'Unshare Golden Hour with second@studio.example' }));
    await waitFor(() => expect(runner.run?.commandId).toBe('profile.unshare'));
    expect(runner.run?.values).toMatchObject({ profile_id: '7', email: 'second@studio.example' });
    cancelRun();
    fireEvent.keyDown(section, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Shared with/ })).toBeNull());

    // A role that reads customers but may not share sees the list without the command.
    cleanup();
    clearSession();
    signedInAs('MARKETER_PLUS');
    renderAt('/users/42/profiles?shared=7', <UserDetailsPage id={42} tab="profiles" />);
    const readOnly = await screen.findByRole('region', { name: /Shared with · Golden Hour/ });
    await within(readOnly).findByText('assistant@studio.example');
    expect(within(readOnly).queryByRole('button', { name: /Unshare/ })).toBeNull();
  });
});
