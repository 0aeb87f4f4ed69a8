import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers } from '../db/schema';
import { fail } from '../http/errors';
import {
  type ChargeResult,
  GatewayRequestError,
  GatewayUnavailableError,
  type PaymentGateway,
  type RefundResult,
} from './gateway';
import type { PlannedCharge, PlannedRefund } from './handle-payment';

/** The customer's stored card as the provider knows it. */
export interface StoredCard {
  customerRef: string;
  paymentMethod: string;
}

/** Step 1: the card to charge, before anything is written; none on file is a 409 that leaves nothing behind. */
export async function storedCardOf(db: Database, customerId: number): Promise<StoredCard> {
  const [customer] = await db
    .select({ ref: customers.providerCustomerRef, token: customers.paymentMethodToken })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer?.token) throw fail('no_payment_method');
  return { customerRef: customer.ref ?? `cus_loupe_${customerId}`, paymentMethod: customer.token };
}

/**
 * Step 2, for a charge and a refund alike: the provider call, outside any transaction. An unknown outcome is a 503
 * that is safe to retry with the same key; the same key sent with another request is a 409.
 */
async function askGateway<R>(send: () => Promise<R>): Promise<R> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw fail('payment_provider_unavailable');
    if (error instanceof GatewayRequestError && error.code === 'idempotency_key_reused') {
      throw fail('payment_key_mismatch');
    }
    throw error;
  }
}

/** Step 2: charges the stored card (see `askGateway`). */
export function chargeCard(
  gateway: PaymentGateway,
  providerKey: string,
  card: StoredCard,
  charge: PlannedCharge,
): Promise<ChargeResult> {
  return askGateway(() =>
    gateway.charge({
      idempotencyKey: providerKey,
      ...card,
      amount: charge.amount,
      currency: charge.currency,
      description: charge.description,
    }),
  );
}

/** Step 2 of a refund: refunds the charge at the provider (see `askGateway`). */
export function refundCard(gateway: PaymentGateway, providerKey: string, refund: PlannedRefund): Promise<RefundResult> {
  return askGateway(() =>
    gateway.refund({ idempotencyKey: providerKey, chargeId: refund.providerChargeId, amount: refund.amount }),
  );
}

/** The vendor name the ledger shows for a customer's charges: their card's provider, else the gateway's name. */
export async function vendorOf(db: Database, customerId: number, gateway: PaymentGateway): Promise<string> {
  const [customer] = await db
    .select({ vendor: customers.chargingVendor })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer?.vendor ?? gateway.name;
}
