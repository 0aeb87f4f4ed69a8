import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import setExchangeRate from '../../commands/currency/set-exchange-rate';
import type { ExchangeRate } from '../../domain/currency';
import { clearSession } from '../../src/session/store';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

const current: ExchangeRate = {
  id: 7,
  from: 'USD',
  to: 'EUR',
  rate: '0.9213',
  text: '1 USD = 0.9213 EUR',
  set_by: 'Alex Morgan (Admin)',
  set_at: '2026-11-20T09:30:00.000Z',
};

function preview(rate: number) {
  const load = setExchangeRate.preview?.load;
  if (!load) throw new Error('Set exchange rate has no preview');
  return load({ target: undefined, params: { from: 'USD', to: 'EUR', rate }, signal: new AbortController().signal });
}

beforeEach(() => {
  clearSession();
  signedInAs('ADMIN');
  const server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/exchange_rates', () => ({ status: 200, body: { rates: [current], history: [current] } }));
  server.install();
});

afterEach(() => vi.unstubAllGlobals());

describe('the Set exchange rate confirmation', () => {
  it('cannot be confirmed while the rate is the current one (nothing changed)', async () => {
    expect((await preview(0.9213)).blocked).toBe('This is already the current rate.');
  });

  it('shows the change, and who set the current rate when, in the console’s date format', async () => {
    const shown = await preview(0.93);
    expect(shown.blocked).toBeUndefined();
    expect(shown.headline).toBe('Changes 1 USD = 0.9213 EUR to 1 USD = 0.93 EUR (+0.94 %).');
    const setBy = shown.lines.find((line) => line.label === 'Set by')?.value;
    expect(setBy).toMatch(/^Alex Morgan \(Admin\), 20 Nov 2026, \d\d:30$/);
  });
});
