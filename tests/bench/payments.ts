import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { idempotencyHeader, xsrfCookie, xsrfHeader } from '../../domain/auth';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { charges, customerCredits, customers, paymentProviderSandbox } from '../../server/db/schema';
import { SandboxGateway } from '../../server/payments';
import { seedDatabase } from '../../server/seed/generate';
import { benchRefunds } from './payments-refunds';

/**
 * `npm run bench:payments`: the real app in this process on a fresh PGlite directory (or DATABASE_URL), listening on
 * loopback, with the sandbox gateway. Fires rounds of N concurrent identical purchase_custom requests that share one
 * Idempotency-Key, and counts what happened: answers, distinct answer bodies, gateway calls that charged, provider
 * charges, ledger rows, credit rows. Then the latency of single purchases (distinct keys) at c=1 and c=8. Then
 * project refunds (payments-refunds.ts): identical concurrent refunds refund once, different ones never over-refund.
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    concurrent: { type: 'string', default: '50' },
    requests: { type: 'string', default: '200' },
    port: { type: 'string', default: '8298' },
  },
});
const rounds = Number(values.rounds);
const concurrent = Number(values.concurrent);
const requests = Number(values.requests);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'loupe-bench-payments-'));
process.on('exit', () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: dataDir as string });
await migrate(database);
const { db } = database;
const [held] = await db.select({ n: count() }).from(customers);
if (!held?.n) await seedDatabase(db, { customers: 5000, staff: true });
else await seedDatabase(db, { customers: 0, staff: true });
const gateway = new SandboxGateway(db);
const app = await buildApp({
  database,
  gateway,
  config: { jwtSecret: 'bench-only-secret-of-at-least-thirty-two-characters', idempotencyWaitMs: 60_000 },
});
const port = Number(values.port);
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}/admin`;

const login = await fetch(`${base}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'loupe-demo' }),
});
const { access_token: token, user } = (await login.json()) as { access_token: string; user?: { id?: number } };
const xsrf = login.headers
  .getSetCookie()
  .map((cookie) => cookie.split(';')[0] ?? '')
  .find((pair) => pair.startsWith(`${xsrfCookie}=`))
  ?.slice(xsrfCookie.length + 1);
if (!token || !xsrf) throw new Error(`sign-in failed (${login.status})`);

/** Customers with a working card in USD, to buy for. */
const buyers = await db
  .select({ id: customers.id })
  .from(customers)
  .where(and(eq(customers.paymentMethodToken, 'pm_card_ok'), eq(customers.currency, 'USD')))
  .limit(rounds + requests);
if (buyers.length < rounds + 1) throw new Error('not enough customers with a working USD card');

function purchase(userId: number, key: string): Promise<Response> {
  return fetch(`${base}/credit_packages/actions/purchase_custom`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      [xsrfHeader]: decodeURIComponent(xsrf as string),
      [idempotencyHeader]: key,
    },
    body: JSON.stringify({
      user_id: userId,
      custom_credit_package_details: {
        credit_details: { amount_of_credits: 500 },
        price: { amount: 45000, multiplier: 100, symbol: '$' },
      },
    }),
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

console.log(
  `\nPayments on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, the app in this process, loopback, sandbox gateway; ` +
    `${cpus().length} cores (${cpus()[0]?.model.trim()}); staff ${user?.id ?? 'admin'}.`,
);
console.log(`\n${rounds} rounds of ${concurrent} concurrent identical purchase_custom requests sharing one key:`);
const totals = { answers200: 0, distinct: 0, gatewayCharged: 0, providerCharges: 0, ledger: 0, credits: 0 };
const roundTimes: number[] = [];
for (let round = 0; round < rounds; round++) {
  const customerId = (buyers[round] as { id: number }).id;
  const key = randomUUID();
  const [ledgerBefore] = await db.select({ n: count() }).from(charges).where(eq(charges.customerId, customerId));
  const [creditsBefore] = await db
    .select({ n: count() })
    .from(customerCredits)
    .where(eq(customerCredits.customerId, customerId));
  const callsBefore = gateway.calls.length;
  const started = performance.now();
  const responses = await Promise.all(Array.from({ length: concurrent }, () => purchase(customerId, key)));
  const bodies = await Promise.all(responses.map((response) => response.text()));
  roundTimes.push(performance.now() - started);
  const [ledgerAfter] = await db.select({ n: count() }).from(charges).where(eq(charges.customerId, customerId));
  const [creditsAfter] = await db
    .select({ n: count() })
    .from(customerCredits)
    .where(eq(customerCredits.customerId, customerId));
  const [provider] = await db
    .select({ n: count() })
    .from(paymentProviderSandbox)
    .where(like(paymentProviderSandbox.idempotencyKey, `%:${key}`));
  const calls = gateway.calls.slice(callsBefore).filter((call) => call.operation === 'charge');
  totals.answers200 += responses.filter((response) => response.status === 200).length;
  totals.distinct += new Set(bodies).size;
  totals.gatewayCharged += calls.filter((call) => !call.replayed && call.outcome === 'succeeded').length;
  totals.providerCharges += provider?.n ?? 0;
  totals.ledger += (ledgerAfter?.n ?? 0) - (ledgerBefore?.n ?? 0);
  totals.credits += (creditsAfter?.n ?? 0) - (creditsBefore?.n ?? 0);
}
roundTimes.sort((a, b) => a - b);
console.log(
  `  requests ${rounds * concurrent}, 200 answers ${totals.answers200}, distinct answer bodies ${totals.distinct} ` +
    `(${rounds} expected), gateway calls that charged ${totals.gatewayCharged}, provider charges ${totals.providerCharges}, ` +
    `charge ledger rows ${totals.ledger}, credit rows ${totals.credits}`,
);
console.log(`  a round of ${concurrent}, first request to last answer: p50 ${ms(percentile(roundTimes, 50))}`);

for (const concurrency of [1, 8]) {
  const timings: number[] = [];
  let next = 0;
  let failures = 0;
  const pool = buyers.slice(rounds).map((buyer) => buyer.id);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        // Distinct customers at c=8: one payment in flight per customer is the rule.
        const customerId = pool[i % pool.length] as number;
        const begin = performance.now();
        const response = await purchase(customerId, randomUUID());
        await response.arrayBuffer();
        timings.push(performance.now() - begin);
        if (response.status !== 200) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  timings.sort((a, b) => a - b);
  console.log(
    `purchase_custom, distinct keys, c=${concurrency}: p50 ${ms(percentile(timings, 50))}  p95 ${ms(percentile(timings, 95))}  ` +
      `p99 ${ms(percentile(timings, 99))}  ${(requests / seconds).toFixed(0)} req/s${failures ? `  NON-200 ${failures}` : ''}`,
  );
}
const [stillPending] = await db
  .execute<{ n: number }>(sql`select count(*)::int as n from payment_attempts where state = 'pending'`)
  .then((result) => result.rows);
const recorded = await db
  .select({ n: count() })
  .from(charges)
  .where(inArray(charges.purpose, ['CREDIT_PACKAGE']));
console.log(
  `payment attempts left pending: ${stillPending?.n ?? 0}; CREDIT_PACKAGE ledger rows: ${recorded[0]?.n ?? 0}`,
);
await benchRefunds({
  db,
  base,
  headers: {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    [xsrfHeader]: decodeURIComponent(xsrf as string),
  },
  rounds,
  concurrent,
});
await app.close();
await database.close();
