import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Role } from '../../domain/roles';
import { AppRoutes } from '../../src/routes';
import { clearSession } from '../../src/session/store';
import { toastState } from '../../src/ui/toast-store';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

vi.mock('../../views/palette/Palette', () => ({ Palette: () => null, openPalette: () => undefined }));
vi.mock('../../views/users/UsersPage', () => ({
  default: ({ tab }: { tab: string }) => <h1>{`Users: ${tab}`}</h1>,
}));
vi.mock('../../views/user-details/UserDetailsPage', () => ({
  default: ({ id, tab }: { id: number; tab: string }) => <h1>{`User ${id}: ${tab}`}</h1>,
}));

function open(path: string) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AppRoutes />
    </Router>,
  );
  return memory;
}

async function landsOn(path: string, role: Role | null): Promise<string | undefined> {
  if (role) signedInAs(role);
  const memory = open(path);
  // The shell is a lazy chunk: its first import in a worker can take seconds on a loaded machine.
  await screen.findAllByRole('heading', { level: 1 }, { timeout: 15_000 });
  return memory.history.at(-1);
}

/** The toasts on screen as "title: message". */
function reasonsShown(): string[] {
  return toastState.toasts.map((shown) => `${shown.title}: ${shown.message}`);
}

beforeEach(() => {
  clearSession();
  toastState.toasts.splice(0);
  new FakeApi().install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it.each([
    ['/', '/users/last-viewed'],
    ['/users', '/users/last-viewed'],
    ['/users/42', '/users/42/general'],
    ['/partners-management', '/partners-management/partners'],
    ['/operations-center', '/operations-center/offer-generator'],
  ])('redirects %s to %s', async (from, to) => {
    expect(await landsOn(from, 'ADMIN')).toBe(to);
  });

  it('hands the users views their tab, and the user details view a numeric id', async () => {
    await landsOn('/users/search', 'SUPPORT_PL1');
    expect(screen.getByRole('heading', { name: 'Users: search' })).toBeTruthy();
    cleanup();
    await landsOn('/users/42/credits', 'SUPPORT_PL1');
    expect(screen.getByRole('heading', { name: 'User 42: credits' })).toBeTruthy();
  });

  it('sends a visitor who is not signed in to login with the wanted page', async () => {
    expect(await landsOn('/models/3?x=1', null)).toBe(`/login?next=${encodeURIComponent('/models/3?x=1')}`);
    expect(screen.getByRole('heading', { name: 'Sign in to Loupe' })).toBeTruthy();
  });

  it('sends PL1 away from all-users and a marketer away from models, saying why', async () => {
    expect(await landsOn('/users/all-users', 'SUPPORT_PL1')).toBe('/users/last-viewed');
    expect(reasonsShown()).toEqual([
      'Not allowed: Only admins, support masters, marketers and partner managers may open All users',
    ]);
    cleanup();
    toastState.toasts.splice(0);
    expect(await landsOn('/models', 'MARKETER_PLUS')).toBe('/users/last-viewed');
    expect(reasonsShown()).toEqual(['Not allowed: Only admins, support agents and partner managers may open Models']);
  });

  it('says nothing when it sends a visitor to login', async () => {
    await landsOn('/models/3', null);
    expect(reasonsShown()).toEqual([]);
  });

  it('shows the area title and the tabs the role may open', async () => {
    await landsOn('/partners-management/partners', 'MARKETER_PLUS');
    expect(screen.getByRole('heading', { name: 'Partners' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Partners tabs' });
    expect([...tabs.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Partners',
      'Partner activities',
      'Marketing activities',
    ]);
    expect(tabs.querySelector('[aria-current="page"]')?.textContent).toBe('Partners');
  });

  it('shows only the areas the role may open in the navigation', async () => {
    await landsOn('/users/last-viewed', 'SUPPORT_PL1');
    const areas = screen.getByRole('navigation', { name: 'Areas' });
    // Approvals: a PL1 agent gives credit, and sees there what they asked a second person to approve.
    expect([...areas.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Users',
      'Pending projects',
      'Approvals',
      'Models',
    ]);
    expect(screen.getByText('Support PL1')).toBeTruthy();
  });

  it.each(['/nowhere', '/users/unknown-tab', '/users/42/unknown-tab', '/operations-center/nope'])(
    'shows not found for %s inside the shell',
    async (path) => {
      await landsOn(path, 'ADMIN');
      expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Areas' })).toBeTruthy();
    },
  );

  it('names the page and the environment in the document title', async () => {
    await landsOn('/users/last-viewed', 'ADMIN');
    await vi.waitFor(() => expect(document.title).toBe('Users — Loupe · development'));
  });
});
