import { ConfigError } from '../config';
import type { Database } from '../db/client';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox';

export * from './gateway';
export { type SandboxBehaviour, type SandboxCall, SandboxGateway, sandboxPaymentMethods } from './sandbox';

/** What a gateway implementation may use to start. */
export interface GatewayDependencies {
  db: Database;
}

/** Every implementation `PAYMENT_GATEWAY` may name; the first is the default. A real provider's adapter goes here. */
export const paymentGateways = [
  { name: 'sandbox', create: ({ db }: GatewayDependencies): PaymentGateway => new SandboxGateway(db) },
] as const;

/** A value `PAYMENT_GATEWAY` may take. */
export type PaymentGatewayName = (typeof paymentGateways)[number]['name'];

/** Which gateway to use and what it runs on. */
export interface PaymentsConfig extends GatewayDependencies {
  /** `PAYMENT_GATEWAY` as set; unset or empty: the default, `sandbox`. */
  gateway?: string | undefined;
}

/** The configured gateway, e.g. `createGateway({ gateway: process.env.PAYMENT_GATEWAY, db })`; an unknown name is a ConfigError naming the supported ones (call it at startup). */
export function createGateway(config: PaymentsConfig): PaymentGateway {
  const name = config.gateway || paymentGateways[0].name;
  const chosen = paymentGateways.find((gateway) => gateway.name === name);
  if (!chosen) {
    const supported = paymentGateways.map((gateway) => `"${gateway.name}"`).join(', ');
    throw new ConfigError(`PAYMENT_GATEWAY must be one of ${supported}, got "${name}"`);
  }
  return chosen.create(config);
}
