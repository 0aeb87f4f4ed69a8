import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import {
  type ChargeRequest,
  createGateway,
  GatewayRequestError,
  GatewayUnavailableError,
  SandboxGateway,
} from '../../server/payments';
import { describeEachBackend } from './support/backends';
import { openTestDatabase } from './support/databases';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** A charge of $49.00 to a fresh provider customer with a fresh key; anything can be overridden. */
function chargeOf(paymentMethod: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    idempotencyKey: unique('key'),
    customerRef: unique('cus'),
    paymentMethod,
    amount: 4900,
    currency: 'USD',
    description: 'Monthly plan',
    ...overrides,
  };
}

describe('payments: choosing the gateway', () => {
  it('uses the sandbox by default and by name, and refuses any other name naming the supported ones', () => {
    const db = {} as DatabaseHandle['db'];
    expect(createGateway({ db }).name).toBe('sandbox');
    expect(createGateway({ gateway: '', db }).name).toBe('sandbox');
    expect(createGateway({ gateway: 'sandbox', db }).name).toBe('sandbox');
    expect(() => createGateway({ gateway: 'stripe', db })).toThrow(ConfigError);
    expect(() => createGateway({ gateway: 'stripe', db })).toThrow(
      /PAYMENT_GATEWAY must be one of "sandbox", got "stripe"/,
    );
  });
});

describeEachBackend('payments: sandbox gateway', (backend) => {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await handle?.close();
  });
  const newSandbox = () => {
    if (!handle) throw new Error('database not open');
    return new SandboxGateway(handle.db);
  };

  it('charges pm_card_ok and answers the charge', async () => {
    const sandbox = newSandbox();
    const request = chargeOf('pm_card_ok');
    const result = await sandbox.charge(request);
    expect(result).toMatchObject({ status: 'succeeded', amount: 4900, currency: 'USD' });
    if (result.status !== 'succeeded') throw new Error('not charged');
    expect(result.chargeId).toMatch(/^ch_sbx_/);
    expect(result.providerRef).toMatch(/^txn_sbx_/);
    expect(await sandbox.chargesMade(request.customerRef)).toBe(1);
    expect(await sandbox.lookup(request.idempotencyKey)).toEqual({ operation: 'charge', result });
  });

  it.each([
    ['pm_card_incorrect_number', 'incorrect_number', 'incorrect card number'],
    ['pm_card_insufficient_funds', 'insufficient_funds', 'insufficient funds'],
    ['pm_card_expired', 'expired_card', 'card expired'],
    ['pm_unknown_token', 'payment_method_unknown', 'no such payment method'],
  ])('declines %s with %s and charges nothing', async (token, code, message) => {
    const sandbox = newSandbox();
    const request = chargeOf(token);
    expect(await sandbox.charge(request)).toEqual({ status: 'declined', code, message });
    expect(await sandbox.charge(request)).toEqual({ status: 'declined', code, message });
    expect(await sandbox.chargesMade(request.customerRef)).toBe(0);
  });

  it('is never reached with pm_card_network_error: unavailable on every try, nothing charged, nothing to look up', async () => {
    const sandbox = newSandbox();
    const request = chargeOf('pm_card_network_error');
    await expect(sandbox.charge(request)).rejects.toThrow(GatewayUnavailableError);
    await expect(sandbox.charge(request)).rejects.toThrow(GatewayUnavailableError);
    expect(await sandbox.lookup(request.idempotencyKey)).toEqual({ operation: 'none' });
    expect(await sandbox.chargesMade(request.customerRef)).toBe(0);
  });

  it('with pm_card_network_error_once charges but loses the answer; lookup and a retry with the same key find the one charge', async () => {
    const sandbox = newSandbox();
    const request = chargeOf('pm_card_network_error_once');
    await expect(sandbox.charge(request)).rejects.toThrow(GatewayUnavailableError);
    const found = await sandbox.lookup(request.idempotencyKey);
    expect(found).toMatchObject({ operation: 'charge', result: { status: 'succeeded', amount: 4900 } });
    const retried = await sandbox.charge(request);
    expect(found).toEqual({ operation: 'charge', result: retried });
    expect(await sandbox.chargesMade(request.customerRef)).toBe(1);
    expect(sandbox.calls.map(({ operation, outcome, replayed }) => [operation, outcome, replayed])).toEqual([
      ['charge', 'unavailable', false],
      ['lookup', 'found', false],
      ['charge', 'succeeded', true],
    ]);
  });

  it('replays the same key and request without a second charge, also from another server process', async () => {
    const sandbox = newSandbox();
    const request = chargeOf('pm_card_ok');
    const first = await sandbox.charge(request);
    const again = await sandbox.charge(request);
    const fromElsewhere = await newSandbox().charge(request);
    expect(again).toEqual(first);
    expect(fromElsewhere).toEqual(first);
    expect(sandbox.calls.map((call) => call.replayed)).toEqual([false, true]);
    expect(await sandbox.chargesMade(request.customerRef)).toBe(1);
  });

  it('refuses the same key with a different request, and a charge key reused for a refund', async () => {
    const sandbox = newSandbox();
    const request = chargeOf('pm_card_ok');
    const first = await sandbox.charge(request);
    if (first.status !== 'succeeded') throw new Error('not charged');
    const reused = sandbox.charge({ ...request, amount: 5000 });
    await expect(reused).rejects.toThrow(GatewayRequestError);
    await expect(reused).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await expect(
      sandbox.refund({ idempotencyKey: request.idempotencyKey, chargeId: first.chargeId, amount: 100 }),
    ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    expect(await sandbox.chargesMade(request.customerRef)).toBe(1);
  });

  it('refuses malformed requests before anything happens', async () => {
    const sandbox = newSandbox();
    for (const overrides of [{ amount: 0 }, { amount: 12.5 }, { currency: 'usd' }, { idempotencyKey: '' }]) {
      await expect(sandbox.charge(chargeOf('pm_card_ok', overrides))).rejects.toMatchObject({
        code: 'invalid_request',
      });
    }
  });

  it('refunds in parts up to the charge, never more, and replays a refund key', async () => {
    const sandbox = newSandbox();
    const charged = await sandbox.charge(chargeOf('pm_card_ok'));
    if (charged.status !== 'succeeded') throw new Error('not charged');
    const { chargeId } = charged;
    const part = { idempotencyKey: unique('refund'), chargeId, amount: 1900 };
    const first = await sandbox.refund(part);
    expect(first).toMatchObject({ status: 'succeeded', chargeId, amount: 1900, currency: 'USD' });
    expect(await sandbox.refund(part)).toEqual(first);
    expect(await sandbox.refund({ idempotencyKey: unique('refund'), chargeId, amount: 3001 })).toEqual({
      status: 'declined',
      code: 'amount_exceeds_refundable',
      message: 'refund exceeds what is left of the charge (3000)',
    });
    const rest = await sandbox.refund({ idempotencyKey: unique('refund'), chargeId, amount: 3000 });
    expect(rest).toMatchObject({ status: 'succeeded', amount: 3000 });
    const afterFull = await sandbox.refund({ idempotencyKey: unique('refund'), chargeId, amount: 1 });
    expect(afterFull).toMatchObject({ status: 'declined', code: 'amount_exceeds_refundable' });
    expect(await sandbox.refund({ idempotencyKey: unique('refund'), chargeId: 'ch_nope', amount: 1 })).toEqual({
      status: 'declined',
      code: 'charge_not_found',
      message: 'no such charge',
    });
  });

  it('refunds a whole charge at once, and never more than it under 20 concurrent refunds with different keys', async () => {
    const sandbox = newSandbox();
    const whole = await sandbox.charge(chargeOf('pm_card_ok'));
    const raced = await sandbox.charge(chargeOf('pm_card_ok'));
    if (whole.status !== 'succeeded' || raced.status !== 'succeeded') throw new Error('not charged');
    const full = await sandbox.refund({ idempotencyKey: unique('refund'), chargeId: whole.chargeId, amount: 4900 });
    expect(full).toMatchObject({ status: 'succeeded', amount: 4900 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        sandbox.refund({ idempotencyKey: unique('refund'), chargeId: raced.chargeId, amount: 1000 }),
      ),
    );
    expect(results.filter((result) => result.status === 'succeeded')).toHaveLength(4);
    expect(results.filter((result) => result.status === 'declined')).toHaveLength(16);
  });

  it('answers 50 concurrent identical charges with one key (two processes) with one charge and 50 identical results', async () => {
    const [one, two] = [newSandbox(), newSandbox()];
    const request = chargeOf('pm_card_ok');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) => (index % 2 ? one : two).charge(request)),
    );
    expect(results[0]).toMatchObject({ status: 'succeeded' });
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await one.chargesMade(request.customerRef)).toBe(1);
    const calls = [...one.calls, ...two.calls];
    expect(calls).toHaveLength(50);
    expect(calls.filter((call) => !call.replayed)).toHaveLength(1);
  });
});
