import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryPreview } from '../../commands/charges/retry-preview';
import { cancelRun, runner } from '../../commands/runner';
import type { ChargeRow, ChargesAnswer } from '../../domain/charges';
import { clearSession } from '../../src/session/store';
import UserDetailsPage from '../../views/user-details/UserDetailsPage';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';
import { serveUserDetails } from './support/user-details';

const gbp = (amount: number) => ({ amount, multiplier: 100 as const, symbol: '£' });

function chargeRow(overrides: Partial<ChargeRow> & Pick<ChargeRow, 'id' | 'status'>): ChargeRow {
  const failed = overrides.status === 'FAILED';
  const action = (name: string) => ({
    name,
    is_disabled: failed,
    disable_message: failed ? 'This charge failed: no money moved, so there is no invoice' : null,
  });
  const receipt = (quickAction: 'DOWNLOAD_INVOICE' | 'SEND_INVOICE_TO_CUSTOMER') => ({
    quick_action: quickAction,
    is_disabled: failed,
    disable_message: null,
    payload: { method: 'GET' as const, path: `invoices/${overrides.id}/actions/get_presigned_url` },
  });
  return {
    kind: 'CHARGE',
    amount: gbp(2900),
    currency: 'GBP',
    date: '2026-10-03T10:00:00.000Z',
    description: 'Subscription: October 2026',
    purpose: 'SUBSCRIPTION',
    charging_vendor: 'Stripe',
    failure_reason: failed ? 'incorrect card number' : null,
    provider_ref: null,
    invoice: failed ? null : { number: `LP-2026-${String(overrides.id).padStart(7, '0')}`, version: null },
    receipt_file_copy_url: receipt('DOWNLOAD_INVOICE'),
    send_receipt_to_customer: receipt('SEND_INVOICE_TO_CUSTOMER'),
    quick_actions: ['REGENERATE_INVOICE', 'DOWNLOAD_INVOICE', 'SEND_INVOICE_TO_CUSTOMER'].map(action),
    ...overrides,
  };
}

function chargesAnswer(meta: Partial<ChargesAnswer['meta']> = {}): ChargesAnswer {
  return {
    headers: [],
    charges: [
      chargeRow({ id: 12, status: 'FAILED', date: '2026-10-03T10:00:00.000Z' }),
      chargeRow({ id: 11, status: 'SUCCEEDED', date: '2026-09-03T10:00:00.000Z', description: 'Subscription: Sept' }),
    ],
    meta: {
      total_number_of_charges: 2,
      limit: 200,
      status: 'ACTIVE',
      failed_charge: { amount: gbp(2900), currency: 'GBP', reason: 'incorrect card number', retries: 2 },
      payment_method: { card: 'Visa •••• 4242' },
      ...meta,
    },
  };
}

let server: FakeApi;

beforeEach(() => {
  cancelRun();
  clearSession();
  signedInAs('SUPPORT_MASTER');
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow({ charge_failed: true })) }));
  server.on('GET', '/admin/users/42/charges', () => ({ status: 200, body: chargesAnswer() }));
  serveUserDetails(server);
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

describe('the retry preview', () => {
  it('names the amount, currency and card, with the failure, retries and what unsuspend adds', () => {
    const preview = retryPreview(chargesAnswer(), true);
    expect(preview.headline).toBe('Charges £29.00 to the card on file (Visa •••• 4242) now.');
    expect(preview.lines.map((line) => [line.label, line.value])).toEqual([
      ['Failed amount', '£29.00 (GBP)'],
      ['Reason it failed', 'incorrect card number'],
      ['Retries so far', '2'],
      ['Card on file', 'Visa •••• 4242'],
      ['Then', 'Lifts the suspension, only if the card is charged'],
    ]);
    expect(preview.blocked).toMatch(/not suspended/);
    expect(retryPreview(chargesAnswer({ status: 'SUSPENDED' }), true).blocked).toBeUndefined();
  });

  it('blocks when there is nothing to retry or no card on file', () => {
    expect(retryPreview(chargesAnswer({ failed_charge: null }), false).blocked).toMatch(/no failed charge/);
    expect(retryPreview(chargesAnswer({ payment_method: null }), false).blocked).toMatch(/No card on file/);
  });
});

describe('ChargesTab', () => {
  it('shows the failed charge banner, the rows newest first, and retries through the runner', async () => {
    renderAt('/users/42/charges', <UserDetailsPage id={42} tab="charges" />);
    const banner = await screen.findByRole('region', { name: 'Failed charge' });
    expect(banner.textContent).toMatch(/Failed charge £29\.00.*incorrect card number.*2 retries so far/);
    const rows = within(screen.getByRole('table', { name: 'Charges' })).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/^#12.*Subscription: October 2026.*failed.*incorrect card number/i);
    expect(rows[2]?.textContent).toMatch(/LP-2026-0000011 · not issued yet/);
    fireEvent.click(within(banner).getByRole('button', { name: 'Retry charge' }));
    await waitFor(() => expect(runner.run?.commandId).toBe('charges.retry-charge'));
    expect(runner.run?.step).toBe('confirm');
  });

  it('row menus run the invoice commands for that charge; a failed charge’s are disabled with the reason', async () => {
    renderAt('/users/42/charges', <UserDetailsPage id={42} tab="charges" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for charge #12' }));
    const failedMenu = screen.getByRole('menu', { name: 'Charge #12' });
    const failedItems = within(failedMenu).getAllByRole('menuitem');
    expect(failedItems.map((item) => item.getAttribute('aria-disabled'))).toEqual(['true', 'true', 'true']);
    expect(failedMenu.textContent).toContain('no invoice');
    fireEvent.keyDown(failedMenu, { key: 'Escape' });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for charge #11' }));
    const menu = screen.getByRole('menu', { name: 'Charge #11' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Regenerate invoice'),
      expect.stringContaining('Download invoice'),
      expect.stringContaining('Send invoice to customer'),
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Download invoice/ }));
    await waitFor(() => expect(runner.run?.commandId).toBe('charges.download-invoice'));
    expect(runner.run?.values.charge_id).toBe('11');
    expect(runner.run?.origin).toBe('row-menu');
  });

  it('hides the banner when there is no failed charge and disables invoice actions for roles without invoices', async () => {
    signedInAs('MARKETER_PLUS');
    server.on('GET', '/admin/users/42/charges', () => ({
      status: 200,
      body: {
        ...chargesAnswer({ failed_charge: null }),
        charges: [
          chargeRow({
            id: 11,
            status: 'SUCCEEDED',
            quick_actions: ['REGENERATE_INVOICE', 'DOWNLOAD_INVOICE', 'SEND_INVOICE_TO_CUSTOMER'].map((name) => ({
              name,
              is_disabled: true,
              disable_message: 'Only admins and support agents may download and send invoices',
            })),
          }),
        ],
      },
    }));
    renderAt('/users/42/charges', <UserDetailsPage id={42} tab="charges" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for charge #11' }));
    expect(screen.queryByRole('region', { name: 'Failed charge' })).toBeNull();
    const menu = screen.getByRole('menu', { name: 'Charge #11' });
    // The row menu says who may, in words, whatever the server's disable_message said (issue 18, item 6).
    expect(menu.textContent).toContain('Only admins and support agents may download and send invoices');
    expect(menu.textContent).not.toContain('insufficient permissions');
  });
});
