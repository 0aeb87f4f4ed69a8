import { expect, type Page } from '@playwright/test';
import type { EditingProjectRow } from '../../domain/projects';
import type { CustomerRow } from '../../domain/users';
import { findNamedProject, KeyCounter, openCustomer, reeditByName, refundByName } from './agent-flows';
import {
  type AgentApi,
  changeCurrency,
  findByEmail,
  forceLogout,
  giveCredit,
  loginAs,
  otherCurrency,
  resetPassword,
  sendInvoice,
  suspend,
} from './agent-flows-customer';

/**
 * Issue 18's ten agent tasks as one table, for the browser test that counts their keys (agent-keys.spec.ts) and
 * `npm run bench:ui -- --parts=agent`, which times them: each picks its own customer per round through the API, opens
 * where the agent starts (the customer's page; the console's landing page to find one by e-mail), runs the flow and
 * checks its effect through the API.
 */
export interface AgentTaskSpec {
  name: string;
  /** The most keys beyond the typed values the flow may take (what it took when measured). */
  keys: number;
  /** Picks the round's customer (another each round) and opens the page the flow starts on; returns the run. */
  prepare(page: Page, api: AgentApi, pool: CustomerPool, round: number): Promise<AgentRun>;
}

/** A prepared run: the flow, then the check of its effect. */
export interface AgentRun {
  run(keys: KeyCounter): Promise<void>;
  verify(): Promise<void>;
}

/** Active customers split in one slice per task, so no two tasks or rounds act on the same customer. */
export class CustomerPool {
  private constructor(
    private readonly customers: CustomerRow[],
    /** Where the project tasks start looking (`findNamedProject`'s skip; each round 7 further). */
    readonly projectSkip: number,
  ) {}

  static readonly slice = 20;

  /** `tasks` slices of active customers from `skip` on; the project tasks look from `projectSkip` on. */
  static async load(api: AgentApi, skip: number, tasks: number, projectSkip: number): Promise<CustomerPool> {
    return new CustomerPool(await api.activeCustomers(skip, tasks * CustomerPool.slice), projectSkip);
  }

  /** The task's `round`-th customer that `fits`, from its own slice. */
  async pick(task: number, round: number, fits: (row: CustomerRow) => Promise<boolean> | boolean = () => true) {
    const slice = this.customers.slice(task * CustomerPool.slice, (task + 1) * CustomerPool.slice);
    let seen = 0;
    for (const row of slice) {
      if (!(await fits(row))) continue;
      if (seen === round) return row;
      seen += 1;
    }
    throw new Error(`Not enough demo customers for task ${task} round ${round}`);
  }
}

/** Opens the console's landing page (the last viewed customers) and waits until it takes keys. */
async function openLanding(page: Page): Promise<void> {
  await page.goto(new URL('/users/last-viewed', page.url()).href);
  await expect(page.getByRole('button', { name: /search or run/i })).toBeVisible();
}

/** A task on a customer's page, picked from the task's slice. */
function onCustomer(
  index: number,
  name: string,
  keys: number,
  flow: (page: Page, keys: KeyCounter, customer: CustomerRow) => Promise<void>,
  check: (api: AgentApi, customer: CustomerRow) => Promise<() => Promise<void>>,
  fits?: (api: AgentApi, row: CustomerRow) => Promise<boolean>,
): AgentTaskSpec {
  return {
    name,
    keys,
    prepare: async (page, api, pool, round) => {
      const customer = await pool.pick(index, round, fits && ((row) => fits(api, row)));
      const verify = await check(api, customer);
      await openCustomer(page, customer);
      return { run: (counter) => flow(page, counter, customer), verify };
    },
  };
}

/** A task on a project the customer's page names: the round's customer with such a project, from `projectSkip` on. */
function byProjectName(
  name: string,
  keys: number,
  action: 'REFUND' | 'RE_EDIT',
  flow: (page: Page, keys: KeyCounter, project: EditingProjectRow) => Promise<void>,
  callId: string,
): AgentTaskSpec {
  return {
    name,
    keys,
    prepare: async (page, api, pool, round) => {
      const origin = new URL(page.url()).origin;
      const { user, project } = await findNamedProject(origin, action, pool.projectSkip + round * 7);
      const verify = await oneMore(callId)(api, user);
      await openCustomer(page, user);
      return { run: (keys) => flow(page, keys, project), verify };
    },
  };
}

/** One more succeeded audit entry of `callId` after the flow than before it. */
function oneMore(callId: string) {
  return async (api: AgentApi, customer: CustomerRow) => {
    const before = await api.succeeded(customer.id, callId);
    return async () => expect(await api.succeeded(customer.id, callId)).toBe(before + 1);
  };
}

/** Within the slice of the demo's approval thresholds (credit above 200 waits for approval). */
const creditAmount = '15';

export const agentTasks: readonly AgentTaskSpec[] = [
  {
    name: 'find a customer by e-mail',
    keys: 2,
    prepare: async (page, _api, pool, round) => {
      const customer = await pool.pick(0, round);
      await openLanding(page);
      return { run: (keys) => findByEmail(page, keys, customer), verify: async () => {} };
    },
  },
  onCustomer(
    1,
    'give credit',
    4,
    (page, keys, row) => giveCredit(page, keys, row, creditAmount),
    async (api, row) => {
      const before = await api.creditTotal(row.id);
      return async () => expect(await api.creditTotal(row.id)).toBe(before + Number(creditAmount) * 100);
    },
  ),
  onCustomer(2, 'suspend', 3, suspend, async (api, row) => async () => {
    expect((await api.customer(row.id)).status).toBe('SUSPENDED');
  }),
  onCustomer(3, 'send invoice (the newest)', 3, sendInvoice, oneMore('charges.sendInvoice'), (api, row) =>
    api.hasInvoice(row.id),
  ),
  onCustomer(
    4,
    'change currency',
    4,
    (page, keys, row) => changeCurrency(page, keys, row, otherCurrency(row)),
    async (api, row) => async () => expect((await api.customer(row.id)).currency).toBe(otherCurrency(row)),
    (api, row) => (row.charge_failed ? Promise.resolve(false) : api.currencyChangeRuns(row.id, otherCurrency(row))),
  ),
  onCustomer(5, 'force logout', 4, forceLogout, oneMore('userActions.forceLogout')),
  onCustomer(6, 'login as', 4, loginAs, oneMore('userActions.loginAs')),
  onCustomer(7, 'send a reset-password e-mail', 2, resetPassword, oneMore('userActions.sendResetPasswordEmail')),
  byProjectName('refund a project named in a ticket', 8, 'REFUND', refundByName, 'refunds.refund'),
  byProjectName('re-edit a named project', 4, 'RE_EDIT', reeditByName, 'projects.reedit'),
];

/** Runs one prepared task: its keys, characters typed and ms from the first key to what it ends on, then checks its effect. */
export async function runAgentTask(page: Page, run: AgentRun): Promise<{ keys: number; typed: number; ms: number }> {
  const keys = new KeyCounter(page);
  await run.run(keys);
  const ms = performance.now() - (keys.firstAt ?? performance.now());
  await run.verify();
  return { keys: keys.presses, typed: keys.typed, ms };
}
