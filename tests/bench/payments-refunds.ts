import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, isNotNull, like, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { charges, customerCredits, paymentProviderSandbox, projects } from '../../server/db/schema';

/** What the refund bench needs of payments.ts: the database, the API's base URL and the signed-in headers. */
export interface RefundBenchContext {
  db: Database;
  base: string;
  headers: Record<string, string>;
  /** Rounds of identical refunds; waves of different partial refunds per project. */
  rounds: number;
  concurrent: number;
}

const refundedOf = async (db: Database, projectId: number) => {
  const [card] = await db
    .select({ total: sql<number>`coalesce(sum(${charges.amount}), 0)`.mapWith(Number), n: count() })
    .from(charges)
    .where(and(eq(charges.projectId, projectId), eq(charges.kind, 'REFUND')));
  const [credit] = await db
    .select({ total: sql<number>`coalesce(sum(${customerCredits.amount}), 0)`.mapWith(Number), n: count() })
    .from(customerCredits)
    .where(eq(customerCredits.projectId, projectId));
  return { total: (card?.total ?? 0) + (credit?.total ?? 0), card: card?.n ?? 0, credit: credit?.n ?? 0 };
};

/**
 * Refunds in `npm run bench:payments`: (1) rounds of N concurrent identical card refunds sharing one key → exactly
 * one provider refund and one ledger row each; (2) waves of 20 concurrent different partial refunds (card and credit
 * mixed, each an eighth of the project) on one project until nothing is left → the refunds add up to the charge
 * exactly, never more.
 */
export async function benchRefunds({ db, base, headers, rounds, concurrent }: RefundBenchContext): Promise<void> {
  const billed = await db
    .select({ id: projects.id, total: projects.totalCharge })
    .from(projects)
    .innerJoin(charges, eq(charges.id, projects.chargeId))
    .where(
      and(
        eq(projects.kind, 'EDITING'),
        eq(projects.paid, true),
        gte(projects.totalCharge, 1600),
        isNotNull(charges.providerChargeId),
        eq(charges.status, 'SUCCEEDED'),
        sql`not exists (select 1 from charges r where r.refund_of = ${charges.id})`,
        sql`not exists (select 1 from customer_credits c where c.project_id = ${projects.id})`,
      ),
    )
    .orderBy(desc(projects.id))
    .limit(rounds + 3);
  if (billed.length < rounds + 1) throw new Error('not enough billed projects to refund');
  const refund = (projectId: number, key: string, amount: number, to: 'card' | 'credit') =>
    fetch(`${base}/projects/editing/${projectId}/refund`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': key },
      body: JSON.stringify({ amount: amount / 100, reason: 'UNSATISFIED_WITH_EDITS', description: 'bench', to }),
    });

  console.log(
    `\n${rounds} rounds of ${concurrent} concurrent identical card refunds (a tenth of a project) sharing one key:`,
  );
  const sums = { answers200: 0, distinct: 0, providerRefunds: 0, ledger: 0, statuses: new Map<number, number>() };
  for (let round = 0; round < rounds; round++) {
    const project = billed[round] as { id: number; total: number };
    const key = randomUUID();
    const amount = Math.floor(project.total / 10);
    const responses = await Promise.all(
      Array.from({ length: concurrent }, () => refund(project.id, key, amount, 'card')),
    );
    const bodies = await Promise.all(responses.map((response) => response.text()));
    for (const response of responses) sums.statuses.set(response.status, (sums.statuses.get(response.status) ?? 0) + 1);
    sums.answers200 += responses.filter((response) => response.status === 200).length;
    sums.distinct += new Set(bodies).size;
    const [provider] = await db
      .select({ n: count() })
      .from(paymentProviderSandbox)
      .where(
        and(eq(paymentProviderSandbox.operation, 'refund'), like(paymentProviderSandbox.idempotencyKey, `%:${key}`)),
      );
    sums.providerRefunds += provider?.n ?? 0;
    sums.ledger += (await refundedOf(db, project.id)).card;
  }
  console.log(
    `  requests ${rounds * concurrent}, 200 answers ${sums.answers200}, distinct answer bodies ${sums.distinct} ` +
      `(${rounds} expected), provider refunds ${sums.providerRefunds}, REFUND ledger rows ${sums.ledger} ` +
      `(${rounds} expected); statuses ${[...sums.statuses].map(([status, n]) => `${status}×${n}`).join(' ')}`,
  );

  const project = billed[rounds] as { id: number; total: number };
  const part = Math.ceil(project.total / 8);
  const statuses = new Map<number, number>();
  let waves = 0;
  let exceeded = false;
  while (waves < 20) {
    waves += 1;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        refund(project.id, randomUUID(), part + index, index % 2 ? 'card' : 'credit'),
      ),
    );
    for (const response of responses) {
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      await response.arrayBuffer();
    }
    const done = await refundedOf(db, project.id);
    if (done.total > project.total) exceeded = true;
    if (responses.every((response) => response.status === 422)) break;
  }
  const done = await refundedOf(db, project.id);
  console.log(
    `waves of 20 concurrent different partial refunds (card and credit, ${part}..${part + 19} minor units each) on ` +
      `one project charged ${project.total}: ${waves} waves, refunded ${done.total} ` +
      `(${done.card} card + ${done.credit} credit rows), ${exceeded || done.total > project.total ? 'EXCEEDED THE CHARGE' : 'never more than the charge'}; ` +
      `statuses ${[...statuses].map(([status, n]) => `${status}×${n}`).join(' ')}`,
  );
}
