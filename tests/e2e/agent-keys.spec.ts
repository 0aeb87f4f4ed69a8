import { expect, test } from '@playwright/test';
import { findNamedProject, KeyCounter, openCustomer, reeditByName, refundByName } from './agent-flows';
import { signIn } from './support';

/**
 * Issue 18's figure: from a customer's page, keyboard only, a project named in a ticket is refunded (amount,
 * destination, reason) and another re-edited, each in at most 8 keys beyond the typed values (52 and 49 before the
 * project chooser). The count is exact; `npm run bench:ui -- --parts=agent` times the same flows.
 */
test('refund a project named in a ticket and re-edit a named project, each in ≤ 8 keys beyond the typed values', async ({
  page,
  baseURL,
}) => {
  // Two flows and the search for their projects through the API: longer than one task's budget on a loaded machine.
  test.slow();
  const refund = await findNamedProject(baseURL as string, 'REFUND', 60);
  const reedit = await findNamedProject(baseURL as string, 'RE_EDIT', 60);
  await signIn(page, 'SUPPORT_MASTER');

  await openCustomer(page, refund.user);
  const refundKeys = new KeyCounter(page);
  await refundByName(page, refundKeys, refund.project);
  expect(refundKeys.presses).toBe(8);

  await openCustomer(page, reedit.user);
  const reeditKeys = new KeyCounter(page);
  await reeditByName(page, reeditKeys, reedit.project);
  expect(reeditKeys.presses).toBeLessThanOrEqual(8);
});
