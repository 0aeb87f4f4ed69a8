import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { AgentApi } from '../e2e/agent-flows-customer';
import { agentTasks, CustomerPool, runAgentTask } from '../e2e/agent-tasks';

/** One agent task's figures: keys beyond the typed values (the most of any round), characters typed, ms per run. */
export interface AgentTask {
  name: string;
  keys: number;
  typed: number;
  ms: number[];
  /** Runs that did not end on their toast or whose effect was missing: why, with a screenshot's path. */
  failures: string[];
}

/**
 * bench:ui's `agent` part: issue 18's ten agent tasks (tests/e2e/agent-tasks.ts), keyboard only, each `rounds` times on
 * another customer (or project): find a customer by e-mail, give credit, suspend, send invoice, change currency, force
 * logout, login as, reset password, refund a project a ticket names, re-edit a named project. Each run's effect is
 * checked through the API. Keys: the most any round took; ms: first key to the toast (or the page, or the link).
 */
export async function measureAgentTasks(page: Page, origin: string, rounds: number): Promise<AgentTask[]> {
  const api = await AgentApi.signIn(origin);
  // Customers 100 on for the customer tasks; the project tasks look from 0 on, 7 further each round.
  const pool = await CustomerPool.load(api, 100, agentTasks.length, 0);
  const tasks: AgentTask[] = agentTasks.map((task) => ({ name: task.name, keys: 0, typed: 0, ms: [], failures: [] }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, spec] of agentTasks.entries()) {
      const task = tasks[index];
      if (!task) continue;
      try {
        const run = await spec.prepare(page, api, pool, round);
        const { keys, typed, ms } = await runAgentTask(page, run);
        task.ms.push(ms);
        task.keys = Math.max(task.keys, keys);
        task.typed = Math.max(task.typed, typed);
      } catch (error) {
        // One failed run is a finding to report, not a reason to lose the other tasks' figures.
        const shot = join(tmpdir(), `loupe-bench-agent-${index}-${round}.png`);
        await page.screenshot({ path: shot }).catch(() => undefined);
        task.failures.push(`round ${round}: ${(error as Error).message.split('\n')[0]} (${shot})`);
      }
    }
  }
  return tasks;
}
