import { act, screen, waitFor } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun, confirmRun, runCommand, runner, setValue, submitForm } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import { clearSession } from '../../src/session/store';
import { Palette } from '../../views/palette/Palette';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

/**
 * The contract form is built from the server's typed `input_fields` (NUMBER a number, PRICE an amount, PERCENT,
 * TEXT), labelled as the server says, with a field this console does not know asked and sent back by its key; the
 * flat fields stay the form when the answer has no `input_fields`.
 */
const price = (amount: number) => ({ amount, multiplier: 100, symbol: '$' });
const flat = {
  number_of_edits: 1000,
  price_per_edit: price(45),
  ai_tools: { crop: price(5), straightening: price(5), subject_mask: price(10), smooth_skin: price(10) },
  currency: 'USD',
  country: 'US',
};
const typed = {
  ...flat,
  input_fields: [
    { key: 'number_of_edits', label: 'Edits per contract year', type: 'NUMBER', value: 1000 },
    { key: 'price_per_edit', label: 'List price of one edit', type: 'PRICE', value: price(45) },
    { key: 'setup_fee', label: 'Set-up fee', type: 'PRICE', value: price(25_000) },
    { key: 'volume_discount', label: 'Volume discount', type: 'PERCENT', value: 5 },
    { key: 'account_manager', label: 'Account manager', type: 'TEXT', value: 'Ada Lovelace' },
  ],
};
const summaryPath = '/admin/contracts/42/yearly_contract/summary/new';
const createPath = '/admin/contracts/42/yearly_contract/new';

let server: FakeApi;
let answer: unknown;

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  clearSession();
  signedInAs('ADMIN');
  answer = typed;
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.on('GET', '/admin/contracts/42/default_yearly_contract_form_params', () => ({ status: 200, body: answer }));
  server.on('GET', summaryPath, () => ({
    status: 200,
    body: {
      general_fields: [],
      monthly_payment: price(3750),
      discount_percent: 0,
      yearly_total: price(45_000),
      gross_total: price(45_000),
      pay_now: price(3750),
      installments: Array.from({ length: 12 }, () => price(3750)),
    },
  }));
  server.install();
});

afterEach(() => {
  cancelRun();
  vi.unstubAllGlobals();
});

const jane = () => userTarget(customerRow({ subscription_type: 'METERED' }));

async function openNewContract(): Promise<void> {
  renderAt('/users/42/contract', <Palette />);
  await act(async () => {
    await runCommand('contracts.new', { target: jane(), origin: 'button' });
  });
  await waitFor(() => expect(runner.run?.prefilling).toBeNull());
}

describe('the contract form from the server’s input_fields', () => {
  it('asks each typed field with the server’s label, as its type says, filled with its value', async () => {
    await openNewContract();
    const form = await screen.findByRole('form', { name: 'New yearly contract form' });
    const edits = screen.getByLabelText('Edits per contract year') as HTMLInputElement;
    expect(edits.value).toBe('1000');
    expect(edits.inputMode).toBe('numeric');
    expect((screen.getByLabelText('List price of one edit') as HTMLInputElement).value).toBe('0.45');
    expect((screen.getByLabelText('Set-up fee') as HTMLInputElement).value).toBe('250');
    expect((screen.getByLabelText('Volume discount') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Account manager') as HTMLInputElement).value).toBe('Ada Lovelace');
    // The flat fields the answer does not type follow, as before; the renamed ones are not asked twice.
    expect(screen.getByLabelText('AI crop, per use')).toBeTruthy();
    expect(screen.queryByLabelText('Number of edits')).toBeNull();
    const labels = [...form.querySelectorAll('label')].map((label) => label.textContent?.trim());
    expect(labels.indexOf('Set-up fee')).toBeLessThan(labels.indexOf('AI crop, per use'));
  });

  it('checks a field it did not know by its type, and sends it back by its key (prices as PRICE values)', async () => {
    await openNewContract();
    act(() => setValue('volume_discount', '150'));
    await act(() => submitForm());
    expect(runner.run?.errors.fields.volume_discount).toBe('Must be at most 100');

    act(() => {
      setValue('volume_discount', '7.5');
      setValue('setup_fee', '300');
      setValue('account_manager', 'Grace Hopper');
    });
    await act(() => submitForm());
    expect(runner.run?.step).toBe('confirm');
    await act(() => confirmRun());
    const summary = server.requests.find((seen) => seen.path === summaryPath);
    expect(Object.fromEntries(new URLSearchParams(summary?.search))).toMatchObject({
      setup_fee: '300',
      volume_discount: '7.5',
      account_manager: 'Grace Hopper',
    });
    const created = server.requests.find((seen) => seen.method === 'POST' && seen.path === createPath);
    expect(created?.body).toMatchObject({
      number_of_edits: 1000,
      setup_fee: { amount: 3_000_000, multiplier: 10_000, symbol: '$' },
      volume_discount: 7.5,
      account_manager: 'Grace Hopper',
    });
  });

  it('keeps the flat fields when the answer has no input_fields', async () => {
    answer = flat;
    await openNewContract();
    await screen.findByRole('form', { name: 'New yearly contract form' });
    expect(runner.run?.params).toBeNull();
    expect((screen.getByLabelText('Number of edits') as HTMLInputElement).value).toBe('1000');
    expect(screen.queryByLabelText('Set-up fee')).toBeNull();
  });
});
