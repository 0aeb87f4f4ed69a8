/** Charge a customer's stored payment method, in integer minor units of `currency`. */
export interface ChargeRequest {
  /** The provider-side idempotency key: a retry of the same action must send the same key. */
  idempotencyKey: string;
  /** Who the provider knows the customer as (its customer id). */
  customerRef: string;
  /** The provider's token of the stored payment method (sandbox: see `sandboxPaymentMethods`). */
  paymentMethod: string;
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
}

/** Refund all or part of a succeeded charge, in its currency's minor units. */
export interface RefundRequest {
  idempotencyKey: string;
  chargeId: string;
  amount: number;
}

/** The provider refused; nothing moved. `message` is what staff may read ('incorrect card number'). */
export interface GatewayDeclined {
  status: 'declined';
  code: string;
  message: string;
}

/** A charge that moved money. */
export interface ChargeSucceeded {
  status: 'succeeded';
  chargeId: string;
  amount: number;
  currency: string;
  /** The provider's reference for people (dashboards, statements). */
  providerRef: string;
}

/** A refund that moved money back. */
export interface RefundSucceeded {
  status: 'succeeded';
  refundId: string;
  chargeId: string;
  amount: number;
  currency: string;
  providerRef: string;
}

/** What a charge did: succeeded or declined (never thrown). */
export type ChargeResult = ChargeSucceeded | GatewayDeclined;

/** What a refund did: succeeded or declined (never thrown). */
export type RefundResult = RefundSucceeded | GatewayDeclined;

/** What the provider did for an idempotency key: a charge, a refund, or nothing at all (safe to send again). */
export type GatewayLookup =
  | { operation: 'charge'; result: ChargeResult }
  | { operation: 'refund'; result: RefundResult }
  | { operation: 'none' };

/**
 * The provider could not be reached or did not answer: the outcome is unknown. Retry with the SAME idempotency key
 * (or `lookup` it first); never with a new one, which could charge twice.
 */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

/** Why the provider refused the request itself (a bug on our side, not a decline). */
export type GatewayRequestErrorCode = 'idempotency_key_reused' | 'invalid_request';

/** The provider refused the request as malformed or as a reuse of a key for another request; nothing moved. */
export class GatewayRequestError extends Error {
  override name = 'GatewayRequestError';
  constructor(
    readonly code: GatewayRequestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A payment provider as Loupe uses it. Every call is idempotent on its key: same key + same request, same result. */
export interface PaymentGateway {
  /** Which implementation this is (`PAYMENT_GATEWAY`). */
  readonly name: string;
  /** Charges a stored payment method; throws GatewayUnavailableError when the outcome is unknown. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Refunds (part of) a succeeded charge, never more than is left of it. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** What the provider did for this key, to reconcile after GatewayUnavailableError. */
  lookup(idempotencyKey: string): Promise<GatewayLookup>;
}
