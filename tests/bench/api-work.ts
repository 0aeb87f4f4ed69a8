/**
 * The customer's work in `npm run bench:api` (`--calls …,work`): a customer's profiles, their editing projects'
 * first page, a profile's finetune history (issue target p95 ≤ 15 ms each at 1M customers on PostgreSQL), and the
 * pending-projects queue's first page with its count (≤ 40 ms).
 */
export interface WorkCase {
  name: string;
  path: (i: number) => string;
  body?: unknown;
}

type Send = (request: { path: string; body?: unknown }) => Promise<Response>;

/** Samples customers spread over the ids and the profiles they have, and returns the cases to load. */
export async function workCases(send: Send, held: number): Promise<WorkCase[]> {
  const customerIds = Array.from({ length: 200 }, (_, i) => 1 + ((i * 7919 + 17) % held));
  const profileIds: number[] = [];
  for (const id of customerIds.slice(0, 60)) {
    const answer = (await (await send({ path: `users/${id}/profiles` })).json()) as { profiles?: { id: number }[] };
    for (const profile of answer.profiles ?? []) profileIds.push(profile.id);
  }
  const pick = <T>(list: readonly T[], i: number) => list[(i * 31) % list.length] as T;
  const cases: WorkCase[] = [
    { name: 'users/{id}/profiles', path: (i) => `users/${pick(customerIds, i)}/profiles` },
    { name: 'users/{id}/projects p1', path: (i) => `users/${pick(customerIds, i)}/projects?page_size=50` },
    { name: 'projects/pending_projects p1 (count)', path: () => 'projects/pending_projects', body: { page_size: 100 } },
  ];
  if (profileIds.length > 0) {
    cases.splice(2, 0, {
      name: 'profiles/{id}/finetune_history',
      path: (i) => `profiles/${pick(profileIds, i)}/finetune_history`,
    });
  } else console.log('  work: none of the sampled customers has a profile (seed)');
  return cases;
}
