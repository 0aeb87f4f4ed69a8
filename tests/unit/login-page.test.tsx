import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { clearSession, session } from '../../src/session/store';
import { toastState } from '../../src/ui/toast-store';
import LoginPage from '../../views/login/LoginPage';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

let server: FakeApi;

function renderLogin(path = '/login') {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <LoginPage />
    </Router>,
  );
  return memory;
}

function type(label: RegExp, value: string): HTMLInputElement {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  return input;
}

/** Enter in a field of a form with a submit button submits it (HTML implicit submission), unless a handler stops it. */
function pressEnter(input: HTMLInputElement): void {
  const notPrevented = fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  if (notPrevented && input.form?.querySelector('button[type="submit"]')) input.form.requestSubmit();
}

beforeEach(() => {
  clearSession();
  toastState.toasts.splice(0);
  server = new FakeApi();
  server.on('POST', '/admin/auth/login', (request) => {
    const body = request.body as { email: string; password: string };
    if (body.password !== 'loupe-demo')
      return { status: 422, body: { detail: 'Wrong e-mail or password', code: 'bad_credentials' } };
    return {
      status: 200,
      body: {
        user_id: 1,
        user_role: 'ADMIN',
        first_name: 'Grace',
        last_name: 'Hopper',
        access_token: 'access-9',
        refresh_token: 'refresh-9',
      },
    };
  });
  server.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('renders labelled fields with the focus on the e-mail', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to Loupe' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/e-mail/i));
    expect(screen.getByLabelText(/password/i).getAttribute('type')).toBe('password');
  });

  it('signs in on Enter and goes where the person wanted', async () => {
    const memory = renderLogin('/login?next=%2Fusers%2F42%2Fcredits');
    type(/e-mail/i, ' Admin@Example.com ');
    const password = type(/password/i, 'loupe-demo');
    await act(async () => pressEnter(password));
    await vi.waitFor(() => expect(memory.history.at(-1)).toBe('/users/42/credits'));
    expect(server.requests[0]?.body).toEqual({ email: 'admin@example.com', password: 'loupe-demo' });
    expect(session).toMatchObject({ userID: 1, userRole: 'ADMIN', accessToken: 'access-9', refreshToken: 'refresh-9' });
  });

  it('goes to the users page when next leads elsewhere', async () => {
    const memory = renderLogin('/login?next=https%3A%2F%2Fevil.example');
    type(/e-mail/i, 'admin@example.com');
    const password = type(/password/i, 'loupe-demo');
    await act(async () => pressEnter(password));
    await vi.waitFor(() => expect(memory.history.at(-1)).toBe('/users/last-viewed'));
  });

  it('shows wrong credentials inline, without a toast', async () => {
    renderLogin();
    type(/e-mail/i, 'admin@example.com');
    const password = type(/password/i, 'nope');
    await act(async () => pressEnter(password));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong e-mail or password');
    expect(toastState.toasts).toHaveLength(0);
    expect(session.accessToken).toBeNull();
    expect((screen.getByRole('button', { name: /sign in/i }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server’s rate-limit message, with the wait', async () => {
    server.on('POST', '/admin/auth/login', () => ({
      status: 429,
      body: { detail: 'Too many failed sign-ins; try again later', code: 'too_many_attempts' },
      headers: { 'retry-after': '600' },
    }));
    renderLogin();
    type(/e-mail/i, 'admin@example.com');
    const password = type(/password/i, 'nope');
    await act(async () => pressEnter(password));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-ins; try again later (in 10 min)',
    );
  });

  it('puts a refusal that names an input under that input', async () => {
    server.on('POST', '/admin/auth/login', () => ({
      status: 400,
      body: { detail: 'password: must not contain a lone surrogate', code: 'validation_failed', field: 'password' },
    }));
    renderLogin();
    type(/e-mail/i, 'admin@example.com');
    const password = type(/password/i, 'nope');
    await act(async () => pressEnter(password));
    const message = await screen.findByText('Must not contain a lone surrogate');
    expect(password.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the e-mail before asking the server', async () => {
    renderLogin();
    type(/e-mail/i, 'not-an-address');
    const password = type(/password/i, 'x');
    await act(async () => pressEnter(password));
    expect(screen.getByText('E-mail must be an e-mail address')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('sends a signed-in person on', () => {
    signedInAs('SUPPORT_PL1');
    const memory = renderLogin('/login?next=%2Fusers%2Fsearch');
    expect(memory.history.at(-1)).toBe('/users/search');
  });
});
