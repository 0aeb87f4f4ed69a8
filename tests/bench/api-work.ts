/**
 * The customer's work in `npm run bench:api` (`--calls …,work`): a customer's profiles, their editing projects'
 * first page, their video projects, a profile's finetune history (issue target p95 ≤ 15 ms each at 1M customers on
 * PostgreSQL), and the pending-projects queue's first page with its count (≤ 40 ms).
 */
export interface WorkCase {
  name: string;
  path: (i: number) => string;
  body?: unknown;
}

type Send = (request: { path: string; body?: unknown }) => Promise<Response>;

/** The seed gives its first 5,000 customers a charge history, so they have the most projects (a month's work each). */
const detailedCustomers = 5000;

async function json<T>(send: Send, path: string): Promise<T> {
  const response = await send({ path });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Customers with work to show: spread over the ids, half among the seed's detailed customers (a charge history, so
 * a dozen or more billed projects) and half among the rest, keeping only those with a profile and an editing project
 * (a customer with none would measure an empty answer). Prints what the sample holds, so the figures say what they
 * are of.
 */
async function sampleCustomers(send: Send, held: number) {
  const chosen: { id: number; profiles: number[]; projects: number }[] = [];
  const wanted = 100;
  for (let i = 0; chosen.length < wanted && i < wanted * 6; i++) {
    const detailed = i % 2 === 0;
    const range = detailed ? Math.min(detailedCustomers, held) : Math.max(1, held - detailedCustomers);
    const id = (detailed ? 1 : Math.min(detailedCustomers, held) + 1) + ((i * 7919 + 17) % range);
    if (id > held) continue;
    const profiles = await json<{ profiles: { id: number }[] }>(send, `users/${id}/profiles`);
    const projects = await json<{ meta: { total_number_of_projects: number } }>(
      send,
      `users/${id}/projects?page_size=1`,
    );
    if (profiles.profiles.length === 0 || projects.meta.total_number_of_projects === 0) continue;
    chosen.push({ id, profiles: profiles.profiles.map((p) => p.id), projects: projects.meta.total_number_of_projects });
  }
  const mean = (values: number[]) => (values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(1);
  const projects = chosen.map((c) => c.projects).sort((a, b) => a - b);
  console.log(
    `  work: ${chosen.length} customers with a profile and an editing project (half of them among the first ` +
      `${detailedCustomers}); profiles seen each: mean ${mean(chosen.map((c) => c.profiles.length))}; editing ` +
      `projects each: mean ${mean(projects)}, max ${projects.at(-1) ?? 0}`,
  );
  return chosen;
}

/** Samples customers and the profiles they see, and returns the cases to load. */
export async function workCases(send: Send, held: number): Promise<WorkCase[]> {
  const customers = await sampleCustomers(send, held);
  if (customers.length === 0) {
    console.log('  work: none of the sampled customers has a profile and a project (seed)');
    return [];
  }
  const customerIds = customers.map((customer) => customer.id);
  const profileIds = customers.flatMap((customer) => customer.profiles);
  const pick = <T>(list: readonly T[], i: number) => list[(i * 31) % list.length] as T;
  return [
    { name: 'users/{id}/profiles', path: (i) => `users/${pick(customerIds, i)}/profiles` },
    { name: 'users/{id}/projects p1', path: (i) => `users/${pick(customerIds, i)}/projects?page_size=50` },
    { name: 'users/{id}/video/projects p1', path: (i) => `users/${pick(customerIds, i)}/video/projects` },
    { name: 'profiles/{id}/finetune_history', path: (i) => `profiles/${pick(profileIds, i)}/finetune_history` },
    { name: 'projects/pending_projects p1 (count)', path: () => 'projects/pending_projects', body: { page_size: 100 } },
  ];
}
