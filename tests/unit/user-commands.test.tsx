import { act, cleanup } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { availabilityOf, permitted, userActionsFor } from '../../commands/access';
import type { FieldSpec } from '../../commands/define';
import { allCommands, commandById } from '../../commands/index';
import { cancelRun, confirmRun, runCommand, runner, setValue, stepBack, submitForm } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import giveCredit from '../../commands/users/give-credit';
import { api } from '../../domain/api';
import { can, type Permission } from '../../domain/permissions';
import { type Role, roles } from '../../domain/roles';
import type { CustomerRow } from '../../domain/users';
import { clearSession } from '../../src/session/store';
import { toastState } from '../../src/ui/toast-store';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

let server: FakeApi;
let jane: CustomerRow;

/** What the server offers on an active customer's row (spec §4), all enabled. */
const activeActions = ['ADD_TRIAL_PHOTOS', 'SUSPEND_USER', 'SEND_RESET_PASSWORD_EMAIL', 'GIVE_CREDIT'].map((name) => ({
  name,
  is_disabled: false,
  disable_message: null,
}));

function command(id: string) {
  const found = commandById(id);
  if (!found) throw new Error(`No command ${id}`);
  return found;
}

function stateFor(id: string, row: CustomerRow, role: Role = 'ADMIN'): string {
  return availabilityOf(command(id), role, userTarget(row)).state;
}

function posts(path: string) {
  return server.requests.filter((seen) => seen.method === 'POST' && seen.path === path);
}

function hintOf(spec: FieldSpec | undefined, role: Role, row: CustomerRow): string | undefined {
  return typeof spec?.hint === 'function' ? spec.hint({ role, target: userTarget(row) }) : spec?.hint;
}

const userCommands: Record<string, Permission | readonly Permission[]> = {
  'user.give-credit': ['give_credit', 'give_credit_capped'],
  'user.add-trial-photos': 'add_trial_photos_capped',
  'user.send-reset-password-email': 'reset_password',
  'user.send-payment-link': 'send_payment_link',
  'user.send-email': 'send_emails',
  'user.edit-details': 'user_details_edit',
  'user.change-email': 'change_user_email',
  'user.add-referral': 'add_referral',
  'user.ignore-abusive-flag': 'user_details_edit',
  'user.undo-ignore-abusive-flag': 'user_details_edit',
  'user.grant-free-culling-plan': 'grant_free_culling_plan',
  'user.grant-culling-credits': 'grant_culling_credits',
  'user.terminate-culling-plan': 'terminate_culling_plan',
  'user.force-logout': 'force_logout',
  'user.login-as': 'login_as',
  'user.delete-notification': 'user_details_edit',
};

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  clearSession();
  signedInAs('ADMIN');
  toastState.toasts.splice(0);
  jane = customerRow({ quick_actions: activeActions });
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(jane) }));
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
});

describe('customer commands: who may run them', () => {
  it('each names its permission and is offered exactly to the roles holding it', () => {
    for (const [id, permission] of Object.entries(userCommands)) {
      expect(command(id).permission, id).toEqual(permission);
      const names = typeof permission === 'string' ? [permission] : permission;
      for (const role of roles) {
        expect(permitted(command(id), role), `${id} for ${role}`).toBe(names.some((name) => can(role, name)));
      }
    }
  });

  it('a marketer gets give credit but neither suspend nor unsuspend', () => {
    const ids = userActionsFor(allCommands, 'MARKETER_PLUS', userTarget(jane)).map(({ command: each }) => each.id);
    expect(ids).toContain('user.give-credit');
    expect(ids).not.toContain('user.suspend');
    expect(ids).not.toContain('user.unsuspend');
  });

  it('a capped role sees the cap in the amount hint; a role with give_credit does not', () => {
    const amount = (command('user.give-credit') as { params?: { fields: Record<string, FieldSpec> } }).params?.fields
      .amount;
    expect(hintOf(amount, 'SUPPORT_PL1', jane)).toBe(
      'In GBP. Your role may give at most £50.00 per action and £100.00 per customer in 24 hours.',
    );
    expect(hintOf(amount, 'SUPPORT_PL2', jane)).toBe('In GBP.');
  });
});

describe('customer commands: when they are offered', () => {
  it('ignore abusive flag only for a flagged customer whose flag is not ignored; undo only when ignored', () => {
    const clean = customerRow();
    const flagged = customerRow({ abusive_suspicious: true });
    const ignored = customerRow({ abusive_suspicious: true, abusive_ignore: true });
    expect([clean, flagged, ignored].map((row) => stateFor('user.ignore-abusive-flag', row))).toEqual([
      'hidden',
      'enabled',
      'hidden',
    ]);
    expect([clean, flagged, ignored].map((row) => stateFor('user.undo-ignore-abusive-flag', row))).toEqual([
      'hidden',
      'hidden',
      'enabled',
    ]);
  });

  it('a free culling plan is refused with the reason over a paid plan; terminate needs a plan', () => {
    expect(stateFor('user.grant-free-culling-plan', customerRow({ culling_subscription_type: 'NONE' }))).toBe(
      'enabled',
    );
    expect(
      availabilityOf(
        command('user.grant-free-culling-plan'),
        'ADMIN',
        userTarget(customerRow({ culling_subscription_type: 'MONTHLY' })),
      ),
    ).toEqual({ state: 'disabled', reason: 'The customer has a paid culling plan; terminate it first' });
    expect(stateFor('user.terminate-culling-plan', customerRow({ culling_subscription_type: 'NONE' }))).toBe('hidden');
    expect(stateFor('user.terminate-culling-plan', customerRow({ culling_subscription_type: 'YEARLY' }))).toBe(
      'enabled',
    );
  });

  it('follows the server’s quick actions: trial photos hidden for a suspended customer, credit disabled with its reason', () => {
    const suspended = customerRow({
      status: 'SUSPENDED',
      quick_actions: [
        { name: 'UNSUSPEND_USER', is_disabled: false, disable_message: null },
        {
          name: 'GIVE_CREDIT',
          is_disabled: true,
          disable_message: 'The daily credit cap is reached for this customer',
        },
      ],
    });
    expect(stateFor('user.add-trial-photos', suspended, 'SUPPORT_PL1')).toBe('hidden');
    expect(availabilityOf(command('user.give-credit'), 'SUPPORT_PL1', userTarget(suspended))).toEqual({
      state: 'disabled',
      reason: 'The daily credit cap is reached for this customer',
    });
  });

  it('revalidates exactly what give credit changes', () => {
    expect(giveCredit.revalidates).toEqual([
      api.users.get,
      api.userDetails.credits,
      api.userDetails.activity,
      api.userDetails.audit,
    ]);
  });
});

describe('customer commands: running them', () => {
  it('give credit confirms the amount in the customer’s currency and sends one idempotent request', async () => {
    server.on('POST', '/admin/users/42/actions/give_credit', (request) => ({
      status: 200,
      body: { id: 1, user_id: 42, date: '2025-01-01T00:00:00Z', ...(request.body as object), value: {} },
    }));
    await runCommand('user.give-credit', { target: userTarget(jane), prefill: { amount: '12.5' } });
    setValue('reason', 'ADDED_A_REVIEW');
    await submitForm();
    expect(runner.run?.step).toBe('confirm');
    expect(
      giveCredit.consequence?.(userTarget(jane), { amount: 12.5, reason: 'ADDED_A_REVIEW', description: '' }),
    ).toBe('Jane Doe receives £12.50 of credit, usable on their next charges.');
    await act(() => Promise.all([confirmRun(), confirmRun()]));
    const sent = posts('/admin/users/42/actions/give_credit');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.body).toEqual({ amount: 12.5, reason: 'ADDED_A_REVIEW', description: '' });
    expect(toastState.toasts.map((shown) => shown.title)).toContain('Jane Doe received £12.50 of credit');
  });

  it('login as needs a reason, then shows the single-use link instead of closing', async () => {
    server.on('POST', '/admin/users/42/actions/login_as', () => ({
      status: 200,
      body: { url: 'https://app.example.com/login-as/abc', expires_at: '2025-01-01T10:05:00Z' },
    }));
    await runCommand('user.login-as', { target: userTarget(jane) });
    await submitForm();
    expect(runner.run?.errors.fields.reason).toBe('Is required');
    setValue('reason', 'Ticket 5512: cannot see her gallery');
    await submitForm();
    await act(() => confirmRun());
    expect(runner.run?.step).toBe('result');
    expect(runner.run?.result?.copy).toEqual({
      label: 'Single-use link',
      value: 'https://app.example.com/login-as/abc',
    });
    stepBack();
    expect(runner.run).toBeNull();
  });

  it('change e-mail checks the address is free first, and says so under the field when taken', async () => {
    server.on('GET', '/admin/users/validate_email/taken%40example.com', () => ({
      status: 200,
      body: { data: { is_user_email_available: false } },
    }));
    await runCommand('user.change-email', { target: userTarget(jane), prefill: { email: 'taken@example.com' } });
    await submitForm();
    await act(() => confirmRun());
    expect(runner.run?.step).toBe('form');
    expect(runner.run?.errors.fields.email).toBe('Another customer already uses this e-mail');
    expect(posts('/admin/users/42/actions/change_email')).toHaveLength(0);
  });

  it('a free culling plan sends its length as a number', async () => {
    server.on('POST', '/admin/users/42/culling/grant_free_plan', () => ({ status: 200, body: {} }));
    await runCommand('user.grant-free-culling-plan', { target: userTarget(jane), prefill: { months: '3' } });
    await submitForm();
    await act(() => confirmRun());
    expect(posts('/admin/users/42/culling/grant_free_plan')[0]?.body).toEqual({ months: 3 });
  });

  it('delete notification names the notification in its confirmation and deletes only it', async () => {
    server.on('DELETE', '/admin/users/42/notifications/7', () => ({ status: 200, body: { id: 7, deleted: true } }));
    await runCommand('user.delete-notification', { target: userTarget(jane), prefill: { notification_id: '7' } });
    await submitForm();
    expect(runner.run?.step).toBe('confirm');
    await act(() => confirmRun());
    expect(server.requests.filter((seen) => seen.method === 'DELETE').map((seen) => seen.path)).toEqual([
      '/admin/users/42/notifications/7',
    ]);
  });
});
