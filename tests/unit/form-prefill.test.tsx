import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun, runCommand, runner, submitForm } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import { clearSession } from '../../src/session/store';
import { customerRow } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

const price = (amount: number) => ({ amount, multiplier: 100, symbol: '$' });
const defaults = {
  number_of_edits: 1000,
  price_per_edit: price(45),
  ai_tools: { crop: price(5), straightening: price(5), subject_mask: price(10), smooth_skin: price(10) },
  currency: 'USD',
  country: 'US',
};

let server: FakeApi;
let respond: () => { status: number; body: unknown };

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  clearSession();
  signedInAs('ADMIN');
  respond = () => ({ status: 200, body: defaults });
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/contracts/42/default_yearly_contract_form_params', () => respond());
  server.install();
});

afterEach(() => {
  cancelRun();
  vi.unstubAllGlobals();
});

const jane = () => userTarget(customerRow({ subscription_type: 'METERED' }));

describe('a form prefilled from the server', () => {
  it('waits for the values (no submit meanwhile), then fills every empty field with them', async () => {
    await runCommand('contracts.new', { target: jane() });
    expect(runner.run?.prefilling).toBe('Loading the current values…');
    await submitForm();
    expect(runner.run?.step).toBe('form');
    await vi.waitFor(() => expect(runner.run?.prefilling).toBeNull());
    expect(runner.run?.values).toMatchObject({
      number_of_edits: '1000',
      price_per_edit: '0.45',
      crop: '0.05',
      subject_mask: '0.1',
      currency: 'USD',
      country: 'US',
    });
  });

  it('keeps what a deep link or the caller gave', async () => {
    await runCommand('contracts.new', { target: jane(), prefill: { number_of_edits: '12000' } });
    await vi.waitFor(() => expect(runner.run?.prefilling).toBeNull());
    expect(runner.run?.values.number_of_edits).toBe('12000');
    expect(runner.run?.values.price_per_edit).toBe('0.45');
  });

  it('says why when the values cannot be loaded, and leaves the form usable', async () => {
    respond = () => ({ status: 409, body: { detail: 'This customer already has a running yearly contract' } });
    await runCommand('contracts.new', { target: jane() });
    await vi.waitFor(() => expect(runner.run?.prefilling).toBeNull());
    expect(runner.run?.errors.form).toContain('This customer already has a running yearly contract');
    expect(runner.run?.values.number_of_edits).toBe('');
  });
});
