import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { charges, customerCredits, customers, projects } from '../../server/db/schema';
import type { SandboxGateway } from '../../server/payments';

/** An agent signed in on one instance: its API base and headers. */
export interface Agent {
  base: string;
  headers: Record<string, string>;
}

async function billedProject(db: Database, sandbox: SandboxGateway, customerId: number): Promise<number> {
  const made = await sandbox.charge({
    idempotencyKey: `bench:${randomUUID()}`,
    customerRef: `cus_${customerId}`,
    paymentMethod: 'pm_card_ok',
    amount: 4800,
    currency: 'USD',
    description: 'Subscription',
  });
  if (made.status !== 'succeeded') throw new Error('the sandbox did not charge');
  const [charge] = await db
    .insert(charges)
    .values({
      customerId,
      kind: 'CHARGE',
      status: 'SUCCEEDED',
      amount: 4800,
      currency: 'USD',
      purpose: 'SUBSCRIPTION',
      description: 'bench',
      chargingVendor: 'Stripe',
      providerChargeId: made.chargeId,
    })
    .returning({ id: charges.id });
  const [project] = await db
    .insert(projects)
    .values({
      customerId,
      kind: 'EDITING',
      projectType: 'EDIT',
      name: 'bench race',
      status: 'DOWNLOADED',
      totalCharge: 4800,
      paid: true,
      chargeId: charge?.id,
    })
    .returning({ id: projects.id });
  if (!project) throw new Error('project not inserted');
  return project.id;
}

async function refundsOf(db: Database, projectId: number): Promise<number> {
  const [card] = await db
    .select({ n: count() })
    .from(charges)
    .where(and(eq(charges.projectId, projectId), eq(charges.kind, 'REFUND')));
  const [credit] = await db
    .select({ n: count() })
    .from(customerCredits)
    .where(eq(customerCredits.projectId, projectId));
  return (card?.n ?? 0) + (credit?.n ?? 0);
}

/**
 * `trials` races of two agents (one per instance) refunding the same project on the same preview: each reads the
 * refundable rest (its ETag), then both send the refund with If-Match at once. Counts the trials with exactly one
 * refund and one 409 `preview_stale`, and anything else.
 */
export async function benchRace(db: Database, sandbox: SandboxGateway, agents: [Agent, Agent], trials: number) {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.paymentMethodToken, 'pm_card_ok'), eq(customers.currency, 'USD')))
    .orderBy(sql`random()`)
    .limit(1);
  if (!customer) throw new Error('no customer with a working USD card');
  const tally = { exact: 0, doubleRefund: 0, noRefund: 0, otherAnswers: 0 };
  const answers = new Map<string, number>();
  const started = performance.now();
  for (let trial = 0; trial < trials; trial += 1) {
    const projectId = await billedProject(db, sandbox, customer.id);
    const to = trial % 2 === 0 ? 'card' : 'credit';
    const tags = await Promise.all(
      agents.map(async (agent) => {
        const read = await fetch(`${agent.base}/projects/editing/${projectId}/refundable`, { headers: agent.headers });
        await read.arrayBuffer();
        return read.headers.get('etag') ?? '';
      }),
    );
    const results = await Promise.all(
      agents.map(async (agent, index) => {
        const answer = await fetch(`${agent.base}/projects/editing/${projectId}/refund`, {
          method: 'POST',
          headers: { ...agent.headers, 'Idempotency-Key': randomUUID(), 'If-Match': tags[index] ?? '' },
          body: JSON.stringify({ amount: 5, to, reason: 'UNSATISFIED_WITH_EDITS', description: 'race' }),
        });
        const body = (await answer.json()) as { code?: string };
        return `${answer.status}${body.code ? ` ${body.code}` : ''}`;
      }),
    );
    for (const result of results) answers.set(result, (answers.get(result) ?? 0) + 1);
    const refunds = await refundsOf(db, projectId);
    const sorted = [...results].sort().join(' | ');
    if (refunds === 1 && sorted === '200 | 409 preview_stale') tally.exact += 1;
    else if (refunds > 1) tally.doubleRefund += 1;
    else if (refunds === 0) tally.noRefund += 1;
    else tally.otherAnswers += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`race: ${trials} trials of two agents on two instances refunding one project on one preview`);
  console.log(`  exactly one refund and one 409 preview_stale: ${tally.exact}/${trials}`);
  console.log(
    `  double refunds: ${tally.doubleRefund}, no refund: ${tally.noRefund}, other answers: ${tally.otherAnswers}`,
  );
  console.log(`  answers: ${[...answers].map(([what, n]) => `${what} ×${n}`).join(', ')} (${seconds.toFixed(1)} s)`);
}
