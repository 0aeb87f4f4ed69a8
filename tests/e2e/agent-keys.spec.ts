import { expect, type Page, test } from '@playwright/test';
import { AgentApi } from './agent-flows-customer';
import { agentTasks, CustomerPool, runAgentTask } from './agent-tasks';
import { signIn } from './support';

/**
 * Issue 18's figure: the ten commonest agent tasks, keyboard only, each run once as an admin (tests/e2e/agent-tasks.ts):
 * it must end on its toast (or the customer's page, or the login-as link), its effect must be there through the API,
 * and it may take no more keys beyond the typed values than measured (refund a named project was 52 and re-edit 49
 * before the project chooser). `npm run bench:ui -- --parts=agent` times the same flows.
 */
let page: Page;
let api: AgentApi;
let pool: CustomerPool;

test.beforeAll(async ({ browser, baseURL }) => {
  page = await browser.newPage();
  await signIn(page, 'ADMIN');
  api = await AgentApi.signIn(baseURL as string);
  // Customers 300 on for the customer tasks (other suites take the first ones); projects from the 60th customer on.
  pool = await CustomerPool.load(api, 300, agentTasks.length, 60);
});

test.afterAll(async () => {
  await page?.close();
});

for (const task of agentTasks) {
  test(`${task.name}: done, and in at most ${task.keys} keys beyond the typed values`, async () => {
    const run = await task.prepare(page, api, pool, 0);
    const { keys } = await runAgentTask(page, run);
    expect(keys).toBeLessThanOrEqual(task.keys);
  });
}
