import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import type { UserDetails } from '../../domain/user-details';
import { clearSession } from '../../src/session/store';
import { toastState } from '../../src/ui/toast-store';
import { saveBodyOf } from '../../views/user-details/details-form';
import { GeneralTab } from '../../views/user-details/GeneralTab';
import { emailCheckDelay } from '../../views/user-details/use-email-check';
import { customerRow } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';
import { serveUserDetails, userDetails } from './support/user-details';

let server: FakeApi;

import { renderAt } from './support/render';

let saved: UserDetails;

function renderGeneral() {
  const row = customerRow();
  return renderAt('/users/42/general?edit=1', <GeneralTab row={row} target={userTarget(row)} />);
}

function field(label: RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function saves() {
  return server.requests.filter((seen) => seen.method === 'PUT');
}

function emailChecks() {
  return server.requests.filter((seen) => seen.path.startsWith('/admin/users/validate_email/'));
}

beforeEach(() => {
  cancelRun();
  clearSession();
  signedInAs('SUPPORT_PL1');
  toastState.toasts.splice(0);
  saved = userDetails();
  server = new FakeApi();
  server.delay = 0;
  serveUserDetails(server, () => saved);
  server.on('PUT', '/admin/users/42/general_details/details', (request) => {
    saved = { ...saved, ...(request.body as Partial<UserDetails>), last_updated_row: '2025-02-02T10:00:00.000Z' };
    return { status: 200, body: saved };
  });
  server.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('saveBodyOf', () => {
  it('holds only the changed fields and the version read', () => {
    const details = userDetails();
    const draft = {
      first_name: 'Jane',
      last_name: ' Smith ',
      email: 'JANE.DOE@example.com',
      business_name: 'Doe Photography',
      cc_emails: 'a@example.com, b@example.com',
      vat_id: '',
      country: 'GB',
      address: '',
      notes: '',
    };
    expect(saveBodyOf(details, draft)).toEqual({
      last_updated_row: details.last_updated_row,
      last_name: ' Smith ',
      cc_emails: ['a@example.com', 'b@example.com'],
    });
  });
});

describe('the general details form', () => {
  it('sends only the changed fields with last_updated_row on Ctrl+Enter', async () => {
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    fireEvent.change(field(/^Last name/), { target: { value: 'Smith' } });
    fireEvent.change(field(/^VAT id/), { target: { value: 'GB123456789' } });
    expect(screen.getByText('Unsaved: Last name, VAT id')).toBeTruthy();
    fireEvent.keyDown(field(/^VAT id/), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual({
      last_name: 'Smith',
      vat_id: 'GB123456789',
      last_updated_row: '2025-01-02T10:00:00.000Z',
    });
    expect(await screen.findByText('No unsaved changes')).toBeTruthy();
  });

  it('validates required fields with the domain schema before sending', async () => {
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    fireEvent.change(field(/^First name/), { target: { value: '  ' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Customer details' }));
    expect(await screen.findByText('Must not be empty')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('says when someone else saved first (409) and reloads their version on Reload', async () => {
    server.on('PUT', '/admin/users/42/general_details/details', () => {
      saved = userDetails({ last_name: 'Doe-Smith', last_updated_row: '2025-03-03T10:00:00.000Z' });
      return { status: 409, body: { detail: 'Someone else changed this record', code: 'stale_version' } };
    });
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    fireEvent.change(field(/^Last name/), { target: { value: 'Smith' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Customer details' }));
    expect(await screen.findByText(/Someone else saved this customer’s details/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(field(/^Last name/).value).toBe('Doe-Smith'));
    expect(screen.queryByText(/Someone else saved/)).toBeNull();
  });

  it('checks the e-mail once typing pauses, and a taken e-mail blocks saving', async () => {
    server.on('GET', '/admin/users/validate_email/taken%40example.com', () => ({
      status: 200,
      body: { data: { is_user_email_available: false } },
    }));
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    vi.useFakeTimers();
    try {
      for (const typed of ['t@example.com', 'ta@example.com', 'taken@example.com']) {
        fireEvent.change(field(/^E-mail/), { target: { value: typed } });
        await act(() => vi.advanceTimersByTimeAsync(emailCheckDelay - 100));
      }
      expect(emailChecks()).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(emailCheckDelay));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(emailChecks()).toHaveLength(1));
    expect(emailChecks()[0]?.path).toBe('/admin/users/validate_email/taken%40example.com');
    expect(await screen.findByText('Another customer already uses this e-mail')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Save/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Customer details' }));
    expect(saves()).toHaveLength(0);
  });

  it('keeps Save disabled until a field differs from what is saved', async () => {
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    const save = () => screen.getByRole('button', { name: /Save/ }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(field(/^Last name/), { target: { value: 'Smith' } });
    expect(save().disabled).toBe(false);
    fireEvent.change(field(/^Last name/), { target: { value: saved.last_name } });
    expect(save().disabled).toBe(true);
    fireEvent.keyDown(field(/^Last name/), { key: 'Enter', ctrlKey: true });
    expect(saves()).toHaveLength(0);
  });

  it('puts a refused field under the field and titles the toast by what happened', async () => {
    server.on('PUT', '/admin/users/42/general_details/details', () => ({
      status: 409,
      body: { detail: 'Another customer already uses this e-mail', code: 'email_taken', field: 'email' },
    }));
    server.on('GET', '/admin/users/validate_email/new%40example.com', () => ({
      status: 200,
      body: { data: { is_user_email_available: true } },
    }));
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    fireEvent.change(field(/^E-mail/), { target: { value: 'new@example.com' } });
    await screen.findByText('Free: no other customer uses it.', undefined, { timeout: 3000 });
    fireEvent.submit(screen.getByRole('form', { name: 'Customer details' }));
    const message = await screen.findByText('Another customer already uses this e-mail');
    expect(field(/^E-mail/).getAttribute('aria-describedby')).toContain(message.id);
    expect(toastState.toasts.map((shown) => [shown.title, shown.message])).toEqual([
      ['Could not save details', 'Another customer already uses this e-mail'],
    ]);
  });

  it('titles a lost race “Conflict: changed by someone else”', async () => {
    server.on('PUT', '/admin/users/42/general_details/details', () => ({
      status: 409,
      body: { detail: 'Someone else changed this record', code: 'stale_version' },
    }));
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    fireEvent.change(field(/^Last name/), { target: { value: 'Smith' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Customer details' }));
    await screen.findByText(/Someone else saved this customer’s details/);
    expect(toastState.toasts.map((shown) => shown.title)).toEqual(['Conflict: changed by someone else']);
  });

  it('shows why the server refused to check an e-mail under the field', async () => {
    server.on('GET', '/admin/users/validate_email/odd%40example.com', () => ({
      status: 400,
      body: { detail: 'user_email: must not contain a NUL', code: 'validation_failed', field: 'user_email' },
    }));
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    fireEvent.change(field(/^E-mail/), { target: { value: 'odd@example.com' } });
    expect(await screen.findByText('Must not contain a NUL', undefined, { timeout: 3000 })).toBeTruthy();
  });

  it('is read-only for a role without user_details_edit', async () => {
    signedInAs('MARKETER_PLUS');
    renderGeneral();
    await screen.findByRole('form', { name: 'Customer details' });
    expect(field(/^First name/).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });
});
