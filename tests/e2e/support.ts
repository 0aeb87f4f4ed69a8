import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { type Role, roles } from '../../domain/roles';
import type { CustomerRow } from '../../domain/users';

export { roles };
export const demoPassword = 'loupe-demo';

export function emailOf(role: Role): string {
  return `${role.toLowerCase()}@example.com`;
}

/** The second e2e server, whose access tokens expire after two seconds. */
export const shortTokenServer = `http://localhost:${Number(process.env.E2E_PORT ?? 8181) + 1}`;

/** Signs in through the login page, by keyboard, and waits for the shell. */
export async function signIn(page: Page, role: Role, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/e-?mail/i).fill(emailOf(role));
  await page.getByLabel(/password/i).fill(demoPassword);
  await page.getByLabel(/password/i).press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
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
