import { act, cleanup } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancelRun, confirmRun, runCommand, runner, setValue, submitForm } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import { checkCreditCap } from '../../domain/credit-cap';
import type { Role } from '../../domain/roles';
import type { CustomerRow } from '../../domain/users';
import { clearSession } from '../../src/session/store';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

let server: FakeApi;
let jane: CustomerRow;
const giveCreditPath = '/admin/users/42/actions/give_credit';

const posts = () => server.requests.filter((seen) => seen.method === 'POST' && seen.path === giveCreditPath);

async function fillGiveCredit(role: Role, amount: string) {
  clearSession();
  signedInAs(role);
  await runCommand('user.give-credit', { target: userTarget(jane), prefill: { amount } });
  setValue('reason', 'ADDED_A_REVIEW');
  await submitForm();
}

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  jane = customerRow({ quick_actions: [{ name: 'GIVE_CREDIT', is_disabled: false, disable_message: null }] });
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(jane) }));
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
});

describe('the capped roles’ credit rule (domain/credit-cap.ts)', () => {
  it('allows $50 per action and $100 per customer in the window, to the cent; uncapped roles are not held', () => {
    expect(checkCreditCap(50, true)).toEqual({ ok: true });
    expect(checkCreditCap(50.01, true)).toEqual({ ok: false, cap: 'per_action', limit: 50, left: 50 });
    expect(checkCreditCap(50, true, 50)).toEqual({ ok: true });
    expect(checkCreditCap(20, true, 89.5)).toEqual({ ok: false, cap: 'daily', limit: 100, left: 10.5 });
    expect(checkCreditCap(10.5, true, 89.5)).toEqual({ ok: true });
    expect(checkCreditCap(0.01, true, 100)).toEqual({ ok: false, cap: 'daily', limit: 100, left: 0 });
    expect(checkCreditCap(4000, false, 10_000)).toEqual({ ok: true });
  });
});

describe('give credit: the cap in the form', () => {
  it('refuses more than the per-action cap under the amount field, before confirmation, for a capped role', async () => {
    await fillGiveCredit('SUPPORT_PL1', '50.01');
    expect(runner.run?.step).toBe('form');
    expect(runner.run?.errors.fields.amount).toBe(
      'Your role may give at most £50.00 per action; ask a PL2, a master or an admin for more',
    );
    expect(posts()).toHaveLength(0);
  });

  it('lets a role with give_credit go on to the confirmation with a larger amount', async () => {
    await fillGiveCredit('SUPPORT_PL2', '500');
    expect(runner.run?.step).toBe('confirm');
  });

  it('shows what is left of the daily cap under the amount field when the server refuses it', async () => {
    server.on('POST', giveCreditPath, () => ({
      status: 403,
      body: {
        code: 'credit_daily_cap_exceeded',
        field: 'amount',
        detail:
          'amount: your role may give one customer at most £100.00 within 24 hours; £10.00 is left for this customer',
      },
    }));
    await fillGiveCredit('SUPPORT_PL1', '50');
    expect(runner.run?.step).toBe('confirm');
    await act(() => confirmRun());
    expect(runner.run?.step).toBe('form');
    expect(runner.run?.errors.fields.amount).toBe(
      'Your role may give one customer at most £100.00 within 24 hours; £10.00 is left for this customer',
    );
    expect(posts()).toHaveLength(1);
  });
});
