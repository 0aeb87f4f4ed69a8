import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import newContract from '../../commands/contracts/new-contract';
import { cancelRun, runner } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import type { ContractTiles } from '../../domain/contract-calls';
import { yearlyGeneralFields } from '../../domain/contract-fields';
import { contractFormOf } from '../../domain/contract-form';
import { yearlySummary } from '../../domain/contract-math';
import { money } from '../../domain/money';
import { clearSession } from '../../src/session/store';
import { ContractTab } from '../../views/user-details/ContractTab';
import { customerRow } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

const usd = (minor: number) => money(minor, 'USD');
const price = (units: number) => ({ amount: Math.round(units * 10_000), multiplier: 10000 as const, symbol: '$' });

const tiles: ContractTiles = {
  id: 7,
  state: 'ACTIVE',
  start_contract: '2026-06-10',
  end_date: '2027-06-10',
  month_of_contract: 6,
  total_price: usd(522_498),
  monthly_payment: usd(43_542),
  discount_percent: 12.92,
  total_photos: 12_000,
  used_photos: 4_100,
  remaining_photos: 7_900,
  price_per_photo: price(0.5),
  price_per_crop_straighten: price(0.04),
  ai_tools: { crop: price(0.02), straightening: price(0.02), subject_mask: price(0.05), smooth_skin: price(0.05) },
  profiles: '2/3',
  paid_under_contract: usd(261_252),
  price_to_pay_for_upgrade: usd(0),
  credit_to_user_on_update: usd(12),
  price_to_pay_on_cancellation: usd(0),
  credit_to_user_on_cancellation: usd(56_252),
  renewal_state: 'AUTO_RENEWAL',
  next_plan_name: null,
  next_plan_cc_price: null,
  currency: 'USD',
  country: 'US',
  created_by: 'Ben Carter',
  changed_by: null,
  changed_at: null,
};

let server: FakeApi;

function serve(contract: ContractTiles | null): void {
  server.on('GET', '/admin/users/42/general_details/corporate_contract', () => ({ status: 200, body: { contract } }));
  server.on('GET', '/admin/users/42/general_details/corporate_contract/monthly_usage', () => ({
    status: 200,
    body: { contract_id: contract?.id ?? null, months: [] },
  }));
  server.on('GET', '/admin/users/42/general_details/corporate_contract_history', () => ({
    status: 200,
    body: { past_contracts: [] },
  }));
  server.on('GET', '/admin/contracts/cancel_contract/cancel_annual_plan_options', () => ({ status: 200, body: [] }));
}

beforeEach(() => {
  cancelRun();
  clearSession();
  signedInAs('SUPPORT_PL2_CC');
  server = new FakeApi();
  server.delay = 0;
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

describe('ContractTab', () => {
  it('shows the running contract’s tiles and opens Upgrade prefilled with its terms', async () => {
    serve(tiles);
    const row = customerRow({ subscription_type: 'CORPORATE_CONTRACT' });
    renderAt('/users/42/contract', <ContractTab row={row} target={userTarget(row)} />);
    expect(await screen.findByTestId('contract-summary')).toHaveProperty(
      'textContent',
      '12,000 edits · $5,224.98 a year · $435.42 a month',
    );
    expect(screen.getByText('Credit on cancellation').nextElementSibling?.textContent).toBe('$562.52');
    expect(screen.getByText('Price per photo').nextElementSibling?.textContent).toBe('$0.50');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(runner.run?.commandId).toBe('contracts.upgrade'));
    expect(runner.run?.values).toMatchObject({ number_of_edits: '', price_per_edit: '0.5', currency: 'USD' });
  });

  it('offers New contract when there is none, and no contract buttons to a role that may not manage them', async () => {
    serve(null);
    const row = customerRow({ subscription_type: 'METERED' });
    renderAt('/users/42/contract', <ContractTab row={row} target={userTarget(row)} />);
    expect(await screen.findByText('No running yearly contract')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New contract' }));
    await waitFor(() => expect(runner.run?.commandId).toBe('contracts.new'));
    cleanup();
    cancelRun();
    signedInAs('SUPPORT_PL2');
    renderAt('/users/42/contract', <ContractTab row={row} target={userTarget(row)} />);
    expect(await screen.findByText('No running yearly contract')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New contract' })).toBeNull();
  });
});

describe('new contract preview', () => {
  it('names what is charged now and monthly, from the server’s summary', async () => {
    const form = contractFormOf({
      number_of_edits: 1001,
      price_per_edit: 0.45,
      crop: 0.02,
      straightening: 0.02,
      subject_mask: 0.05,
      smooth_skin: 0.05,
      currency: 'USD',
      country: 'US',
    });
    const summary = yearlySummary(form);
    server.on('GET', '/admin/contracts/42/default_yearly_contract_form_params', () => ({ status: 200, body: form }));
    server.on('GET', '/admin/contracts/42/yearly_contract/summary/new', () => ({
      status: 200,
      body: {
        general_fields: yearlyGeneralFields(summary, 'USD'),
        monthly_payment: usd(summary.monthly_payment),
        discount_percent: summary.discount_percent,
        yearly_total: usd(summary.yearly_total),
        gross_total: usd(summary.gross_total),
        pay_now: usd(summary.installments[0] ?? 0),
        installments: summary.installments.map(usd),
      },
    }));
    const preview = await newContract.preview?.load({
      target: userTarget(customerRow()),
      params: { number_of_edits: 1001 },
      signal: new AbortController().signal,
    });
    // 1,001 × $0.405 = $405.405 → $405.41 = 12 × $33.78 + 5¢: the first five installments are a cent more.
    expect(preview?.headline).toBe('Charges $33.79 now, then $33.79 a month for 4 months and $33.78 for 7.');
    expect(preview?.lines.find((line) => line.emphasis)).toEqual({
      label: 'Charged now',
      value: '$33.79',
      emphasis: true,
    });
    // The spec's typed fields, each shown by its type.
    expect(preview?.lines.find((line) => line.label === 'Discount')?.value).toBe(`${summary.discount_percent} %`);
    expect(preview?.lines.find((line) => line.label === 'Yearly total')?.value).toBe('$405.41');
  });
});
