import type { Page } from '@playwright/test';
import { findNamedProject, KeyCounter, openCustomer, reeditByName, refundByName } from '../e2e/agent-flows';

/** One agent task's figures: keys beyond the typed values, and ms from the first key to the toast, per run. */
export interface AgentTask {
  name: string;
  keys: number;
  ms: number[];
}

/**
 * bench:ui's `agent` part: issue 18's two flows from a customer's page, keyboard only (tests/e2e/agent-flows.ts), each
 * on `rounds` different projects: refund a project a ticket names, re-edit a named project. Its target: ≤ 8 keys
 * beyond the typed values and ≤ 1 s from the first key to the toast on loopback.
 */
export async function measureAgentTasks(page: Page, origin: string, rounds: number): Promise<AgentTask[]> {
  const tasks: AgentTask[] = [
    { name: 'refund a project named in a ticket', keys: 0, ms: [] },
    { name: 're-edit a named project', keys: 0, ms: [] },
  ];
  for (let round = 0; round < rounds; round += 1) {
    const flows = [
      { task: tasks[0], action: 'REFUND', run: refundByName },
      { task: tasks[1], action: 'RE_EDIT', run: reeditByName },
    ] as const;
    for (const { task, action, run } of flows) {
      if (!task) continue;
      const { user, project } = await findNamedProject(origin, action, round * 7);
      await openCustomer(page, user);
      const keys = new KeyCounter(page);
      await run(page, keys, project);
      task.ms.push(performance.now() - (keys.firstAt ?? performance.now()));
      task.keys = Math.max(task.keys, keys.presses);
    }
  }
  return tasks;
}
