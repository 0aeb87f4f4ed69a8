import { expect, type Page } from '@playwright/test';
import type { CurrencySummary } from '../../domain/currency';
import type { CustomerRow } from '../../domain/users';
import { type KeyCounter, whenFocused, whenVisible } from './agent-flows';

/** The name the console shows for a customer (its `customerName`): first and last name, else the e-mail. */
export function nameOf(row: CustomerRow): string {
  return `${row.first_name} ${row.last_name}`.trim() || row.email;
}

/**
 * Issue 18's other eight agent tasks, keyboard only, as an agent does them with the console's own keys: find a
 * customer by e-mail from the palette, and from the customer's page give credit, suspend, send the newest invoice,
 * change currency, force logout, login as and send a reset-password e-mail. Each ends on what the agent waits for
 * (the toast, the customer's page, the login-as link) and is checked through the API afterwards (`AgentApi`).
 */

/** The admin's API session, for picking customers before a flow and checking its effect after. */
export class AgentApi {
  private constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {}

  static async signIn(origin: string): Promise<AgentApi> {
    const login = await fetch(`${origin}/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    return new AgentApi(origin, token);
  }

  async get<T>(path: string): Promise<T> {
    const answer = await fetch(`${this.origin}/admin/${path}`, { headers: { authorization: `Bearer ${this.token}` } });
    if (!answer.ok) throw new Error(`GET ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  /** Active customers, oldest-added order of the demo's filter (stable), from `skip` on. */
  async activeCustomers(skip: number, count: number): Promise<CustomerRow[]> {
    const answer = await fetch(`${this.origin}/admin/users/users_filter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }],
        page_size: skip + count,
      }),
    });
    const { users } = (await answer.json()) as { users: CustomerRow[] };
    return users.slice(skip, skip + count);
  }

  async customer(id: number): Promise<CustomerRow> {
    const { users } = await this.get<{ users: CustomerRow[] }>(`users/${id}`);
    const [row] = users;
    if (!row) throw new Error(`customer #${id} not found`);
    return row;
  }

  async creditTotal(id: number): Promise<number> {
    const answer = await this.get<{ total_credits: { amount: number } }>(`users/${id}/general_details/credits`);
    return answer.total_credits.amount;
  }

  /** The customer's audit entries of a call (catalogue id, e.g. `userActions.forceLogout`) that succeeded. */
  async succeeded(id: number, callId: string): Promise<number> {
    const { entries } = await this.get<{ entries: { call_id: string; outcome: string }[] }>(`users/${id}/audit`);
    return entries.filter((entry) => entry.call_id === callId && entry.outcome === 'ok').length;
  }

  /** Whether the customer has a succeeded charge with an invoice (what Send invoice sends when left empty). */
  async hasInvoice(id: number): Promise<boolean> {
    const { charges } = await this.get<{ charges: { invoice: unknown; status: string }[] }>(`users/${id}/charges`);
    return charges.some((charge) => charge.invoice !== null);
  }

  /** Whether a change to `to` is offered and not blocked, with no charge now (a card charge would add a payment). */
  async currencyChangeRuns(id: number, to: string): Promise<boolean> {
    const answer = await fetch(`${this.origin}/admin/users/${id}/currency_change/summary?new_currency=${to}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    if (!answer.ok) return false;
    const summary = (await answer.json()) as CurrencySummary;
    return !summary.blocked && summary.charge_info.total.value.amount === 0;
  }
}

/** The currency a customer can be moved to: EUR, or USD for a customer who pays in EUR. */
export function otherCurrency(customer: CustomerRow): 'EUR' | 'USD' {
  return customer.currency === 'EUR' ? 'USD' : 'EUR';
}

async function openPalette(page: Page, keys: KeyCounter): Promise<void> {
  await keys.press('Control+k');
  await whenFocused(page, page.locator('[cmdk-input]'));
}

/** The palette's selected entry, once it is the one named (Enter then runs it). */
async function whenSelected(page: Page, name: string | RegExp): Promise<void> {
  const options = page.getByRole('dialog').getByRole('option');
  try {
    await options.filter({ hasText: name }).and(page.locator('[aria-selected=true]')).waitFor({ timeout: 10_000 });
  } catch (error) {
    // Say what the palette offered instead (another entry ranked first is a finding, not a flake).
    const listed = await options.allInnerTexts();
    throw new Error(`${String(name)} is not the selected entry; listed: ${listed.slice(0, 6).join(' | ')}`, {
      cause: error,
    });
  }
  await expect(options.filter({ hasText: name }).and(page.locator('[aria-selected=true]'))).toBeVisible();
}

/** A command by its initials in the palette, on a customer's page (its target). */
async function paletteCommand(page: Page, keys: KeyCounter, initials: string, title: string): Promise<void> {
  await openPalette(page, keys);
  await keys.type(initials);
  await whenSelected(page, title);
  await keys.press('Enter');
}

/** (1) From anywhere: Ctrl+K, the e-mail, Enter on the customer found for it; ends on their page with their name. */
export async function findByEmail(page: Page, keys: KeyCounter, customer: CustomerRow): Promise<void> {
  await openPalette(page, keys);
  await keys.type(customer.email);
  await whenSelected(page, customer.email);
  await keys.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${customer.id}/`));
  await whenVisible(page.getByRole('heading', { level: 1, name: nameOf(customer) }));
}

/** (2) Shift+C, amount, Tab, reason by its first letters, Enter, Enter on "This moves money". */
export async function giveCredit(page: Page, keys: KeyCounter, customer: CustomerRow, amount: string): Promise<void> {
  await keys.press('Shift+C');
  await whenFocused(page, page.getByLabel('Amount'));
  await keys.type(amount);
  await keys.press('Tab');
  await keys.type('Added');
  await keys.press('Enter');
  await whenVisible(page.getByText('This moves money.'));
  await keys.press('Enter');
  await whenVisible(page.getByText(`${nameOf(customer)} received `));
}

/** (3) Shift+S, the reason by its first letters, Enter, Enter on the destructive confirmation. */
export async function suspend(page: Page, keys: KeyCounter, customer: CustomerRow): Promise<void> {
  await keys.press('Shift+S');
  await whenFocused(page, page.getByLabel('Reason'));
  await keys.type('Customer');
  await keys.press('Enter');
  await whenVisible(page.getByText(/account becomes suspended until someone unsuspends it/));
  await keys.press('Enter');
  await whenVisible(page.getByText(`${nameOf(customer)} is suspended`));
}

/** (4) Ctrl+K, `si`, Enter; the charge left empty (the newest invoice), Enter: sent, no confirmation. */
export async function sendInvoice(page: Page, keys: KeyCounter, customer: CustomerRow): Promise<void> {
  await paletteCommand(page, keys, 'si', 'Send invoice to customer');
  await whenFocused(page, page.getByLabel('Charge', { exact: true }));
  await keys.press('Enter');
  await whenVisible(page.getByText(`Invoice sent to ${customer.email}`));
}

/** (5) Ctrl+K, `cc`, Enter, the currency by its code, Enter, Enter once the preview has focused the button. */
export async function changeCurrency(page: Page, keys: KeyCounter, customer: CustomerRow, to: string): Promise<void> {
  await paletteCommand(page, keys, 'cc', 'Change currency');
  const select = page.getByLabel('New currency');
  await whenFocused(page, select);
  await keys.type(to);
  await keys.press('Enter');
  await whenVisible(page.getByText('This moves money.'));
  await whenFocused(page, page.getByRole('dialog').locator('button[type=submit]'));
  await keys.press('Enter');
  await whenVisible(page.getByText(`${nameOf(customer)} now pays in ${to}`));
}

/** (6) Ctrl+K, `fl`, Enter, the reason, Ctrl+Enter (a text area), Enter on the confirmation. */
export async function forceLogout(page: Page, keys: KeyCounter, customer: CustomerRow): Promise<void> {
  await paletteCommand(page, keys, 'fl', 'Force logout');
  await whenFocused(page, page.getByLabel('Reason'));
  await keys.type('Ticket 4711: phone stolen');
  await keys.press('Control+Enter');
  await whenVisible(page.getByText(/is signed out on every device/));
  await keys.press('Enter');
  await whenVisible(page.getByText(`${nameOf(customer)} is signed out everywhere`));
}

/** (7) Ctrl+K, `la`, Enter, the reason, Ctrl+Enter, Enter; ends on the single-use link. */
export async function loginAs(page: Page, keys: KeyCounter, customer: CustomerRow): Promise<void> {
  await paletteCommand(page, keys, 'la', 'Login as');
  await whenFocused(page, page.getByLabel('Reason'));
  await keys.type('Ticket 4712: cannot find the gallery');
  await keys.press('Control+Enter');
  await whenVisible(page.getByText(/You get a single-use link/));
  await keys.press('Enter');
  await whenVisible(page.getByText(`Link to sign in as ${nameOf(customer)}`));
}

/** (8) Shift+R, Enter on the confirmation (a command without a form always confirms what it does). */
export async function resetPassword(page: Page, keys: KeyCounter, customer: CustomerRow): Promise<void> {
  await keys.press('Shift+R');
  await whenFocused(page, page.getByRole('dialog').locator('button[type=submit]'));
  await keys.press('Enter');
  await whenVisible(page.getByText(`Reset-password e-mail sent to ${customer.email}`));
}
