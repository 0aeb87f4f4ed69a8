import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { paymentProviderSandbox } from '../db/schema';
import { insertUnnest } from '../db/unnest';

type SandboxRow = typeof paymentProviderSandbox.$inferSelect;
type SandboxInsert = typeof paymentProviderSandbox.$inferInsert;

const columns = {
  idempotency_key: 'text',
  operation: 'text',
  request_hash: 'text',
  status: 'text',
  object_id: 'text',
  charge_id: 'text',
  provider_ref: 'text',
  customer_ref: 'text',
  payment_method: 'text',
  amount: 'bigint',
  currency: 'text',
  decline_code: 'text',
  decline_message: 'text',
} as const;

const cellsOf = (values: SandboxInsert) => ({
  idempotency_key: values.idempotencyKey,
  operation: values.operation,
  request_hash: values.requestHash,
  status: values.status,
  object_id: values.objectId,
  charge_id: values.chargeId,
  provider_ref: values.providerRef,
  customer_ref: values.customerRef,
  payment_method: values.paymentMethod,
  amount: values.amount,
  currency: values.currency,
  decline_code: values.declineCode,
  decline_message: values.declineMessage,
});

/** The inserted rows as the table's select answers them (names, numbers, the timestamp as text). */
const returned = sql.raw(
  `idempotency_key as "idempotencyKey", operation, request_hash as "requestHash", status, object_id as "objectId",
   charge_id as "chargeId", provider_ref as "providerRef", customer_ref as "customerRef",
   payment_method as "paymentMethod", amount, currency, decline_code as "declineCode",
   decline_message as "declineMessage", created_at::text as "createdAt"`,
);

const rowOf = (row: unknown): SandboxRow => {
  const given = row as SandboxRow;
  return { ...given, amount: Number(given.amount) };
};

interface Waiting {
  values: SandboxInsert;
  resolve: (row: SandboxRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * The sandbox provider's books, written as a provider's ledger is: the charges that arrive in the same turn of the
 * event loop go in one `INSERT … ON CONFLICT (idempotency_key) DO NOTHING RETURNING` (one commit for the group, not one
 * each). Each call still answers only once its row is committed, and a key already in the books — or twice in one
 * group — inserts nothing and is answered from the stored row by the caller, as before. A billing run's 64 charges in
 * flight were 64 fsync-bound commits; now they are one.
 */
export class SandboxBooks {
  #waiting: Waiting[] = [];

  constructor(private readonly db: Database) {}

  /** The inserted row, or undefined when the key was already in the books (the caller replays it). */
  insert(values: SandboxInsert): Promise<SandboxRow | undefined> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.length === 0) setImmediate(() => void this.#flush());
      this.#waiting.push({ values, resolve, reject });
    });
  }

  async #flush(): Promise<void> {
    const group = this.#waiting;
    this.#waiting = [];
    const first = new Map<string, Waiting>();
    for (const entry of group)
      if (!first.has(entry.values.idempotencyKey)) first.set(entry.values.idempotencyKey, entry);
    try {
      const result = await this.db.execute(
        sql`${insertUnnest(
          'payment_provider_sandbox',
          columns,
          [...first.values()].map((entry) => cellsOf(entry.values)),
        )}
          on conflict (idempotency_key) do nothing returning ${returned}`,
      );
      const inserted = new Map(result.rows.map((row) => [String((row as SandboxRow).idempotencyKey), rowOf(row)]));
      for (const entry of group) {
        const key = entry.values.idempotencyKey;
        entry.resolve(first.get(key) === entry ? inserted.get(key) : undefined);
      }
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }
}
