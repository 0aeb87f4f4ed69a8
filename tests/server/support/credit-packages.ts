import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { api as catalogue } from '../../../domain/api';
import type { CustomCreditPackageBody } from '../../../domain/credit-packages';
import type { Money } from '../../../domain/money';
import { charges, customerCredits } from '../../../server/db/schema';
import type { Backend } from './databases';
import { type Client, useTestApi } from './test-api';

/** A package request: `credits` credits for `amount` (minor units by default) of a currency symbol. */
export function packageOf(
  userId: number,
  credits: number,
  amount: number,
  symbol = '$',
  multiplier: Money['multiplier'] = 100,
): CustomCreditPackageBody {
  return {
    user_id: userId,
    custom_credit_package_details: {
      credit_details: { amount_of_credits: credits },
      price: { amount, multiplier, symbol },
    },
  };
}

/** A test app for the credit package calls, signed in as SUPPORT_MASTER, with ledger and provider read-backs. */
export function useCreditPackageApi(backend: Backend) {
  const t = useTestApi(backend, { config: { idempotencyWaitMs: 60_000 } });
  let client: Client | undefined;
  beforeAll(async () => {
    client = await t.api.signIn('SUPPORT_MASTER');
  });
  const signedIn = (): Client => {
    if (!client) throw new Error('not signed in yet');
    return client;
  };
  return {
    t,
    get client(): Client {
      return signedIn();
    },
    creditsOf: (customerId: number) =>
      t.api.db.select().from(customerCredits).where(eq(customerCredits.customerId, customerId)),
    chargesOf: (customerId: number) =>
      t.api.db.select().from(charges).where(eq(charges.customerId, customerId)).orderBy(charges.id),
    /** Charges the sandbox provider itself made for a provider customer (its own books). */
    async gatewayCharges(customerRef: string | null): Promise<number> {
      const result = await t.api.db.execute<{ n: string | number }>(
        sql`select count(*) as n from payment_provider_sandbox where customer_ref = ${customerRef} and operation = 'charge' and status = 'succeeded'`,
      );
      return Number(result.rows[0]?.n ?? -1);
    },
    purchase: (body: unknown, key = randomUUID()) =>
      signedIn().post(catalogue.creditPackages.purchaseCustom, {}, body, { idempotencyKey: key }),
  };
}
