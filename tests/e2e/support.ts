import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import type { LoginAnswer } from '../../domain/auth';
import { type Role, roles } from '../../domain/roles';
import type { CustomerRow } from '../../domain/users';

export { roles };
export const demoPassword = 'loupe-demo';

export function emailOf(role: Role): string {
  return `${role.toLowerCase()}@example.com`;
}

/** The second e2e server, whose access tokens expire after two seconds. */
export const shortTokenServer = `http://localhost:${Number(process.env.E2E_PORT ?? 8181) + 1}`;

/** Signs in through the login page, by keyboard, and waits for the shell: for the tests of signing in itself. */
export async function signInByForm(page: Page, role: Role, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/e-?mail/i).fill(emailOf(role));
  await page.getByLabel(/password/i).fill(demoPassword);
  await page.getByLabel(/password/i).press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /search or run/i })).toBeVisible();
}

let seeds = 0;

/**
 * Signs in as `role` the way the login page does, without loading it: the same login call (through the page's own
 * request context, so the browser keeps the device and cross-site cookies it sets), its answer stored as the console
 * stores it, then `path` opened and the shell awaited. One page load instead of two per test. Each call is its own
 * server session (a shared one would be revoked: refresh tokens rotate, and a reused one ends the session).
 */
export async function signIn(page: Page, role: Role, path = '/'): Promise<void> {
  const answer = await page.request.post('/admin/auth/login', {
    data: { email: emailOf(role), password: demoPassword },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as LoginAnswer;
  const auth = JSON.stringify({
    userID: body.user_id,
    userRole: body.user_role,
    userFirstName: body.first_name,
    userLastName: body.last_name,
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
  });
  // Stored once, by the first document of the page that has not had this sign-in yet (a later sign-in on the same
  // page takes over); later loads keep what the console made of it (rotated tokens, a sign-out).
  seeds += 1;
  const seed = Date.now() * 1000 + seeds;
  await page.addInitScript(
    ({ auth, seed }) => {
      try {
        if (Number(sessionStorage.getItem('e2e-signed-in') ?? 0) >= seed) return;
        sessionStorage.setItem('e2e-signed-in', String(seed));
        localStorage.setItem('auth', auth);
      } catch {}
    },
    { auth, seed },
  );
  await page.goto(path);
  await expect(page.getByRole('button', { name: /search or run/i })).toBeVisible();
}

/** An API session for arranging data (finding a customer to act on), through the same public calls. */
export async function apiAs(role: Role, baseURL: string): Promise<{ api: APIRequestContext; token: string }> {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/admin/auth/login', { data: { email: emailOf(role), password: demoPassword } });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { access_token: string };
  return { api, token: body.access_token };
}

/** Finds demo customers matching a search, through `GET users/search/{query}`. */
export async function searchCustomers(baseURL: string, query: string): Promise<CustomerRow[]> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const answer = await api.get(`/admin/users/search/${encodeURIComponent(query)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { users: CustomerRow[] };
  await api.dispose();
  return body.users;
}

/** An active customer with a business e-mail-like address, for acting on. */
export async function activeCustomer(baseURL: string, query = 'gmail'): Promise<CustomerRow> {
  const found = (await searchCustomers(baseURL, query)).find((row) => row.status === 'ACTIVE');
  if (!found) throw new Error(`No active demo customer matches ${query}`);
  return found;
}

/** Queues a password-reset e-mail to the customer through the API (a mutation: bearer and cross-site token). */
export async function sendResetEmail(baseURL: string, customerId: number): Promise<void> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const xsrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await api.post(`/admin/users/${customerId}/actions/send_reset_password_email`, {
    headers: { Authorization: `Bearer ${token}`, 'X-XSRF-TOKEN': xsrf },
  });
  expect(answer.status()).toBe(200);
  await api.dispose();
}
