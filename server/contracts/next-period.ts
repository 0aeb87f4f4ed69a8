import { eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import { renewalStateLabels } from '../../domain/contract-calls';
import { contractFormOf } from '../../domain/contract-form';
import { yearlySummary } from '../../domain/contract-math';
import { formatMoney, money } from '../../domain/money';
import { contracts } from '../db/schema';
import { handle } from '../http/handler';
import { lockCustomer, recordStaffAction } from '../users/customer-records';
import { contractTiles, currencyOf, formParamsOf, requireActiveContract, tenThousandths } from './records';

/**
 * Next period: the plan the contract renews to (edits, list price per edit, renewal on or off), priced with the
 * same yearly arithmetic (AI tool prices and country carry over). Charges nothing and leaves this year's terms
 * (and their version) alone, so it never disturbs an upgrade or cancel being charged.
 */
export const setNextPeriod = handle(api.contracts.nextPeriod, async ({ db, params, body, staff }) => {
  const customer = await lockCustomer(db, params.user_id);
  const contract = await requireActiveContract(db, customer.id, true);
  const current = formParamsOf(contract);
  const currency = currencyOf(contract);
  const next = contractFormOf({
    number_of_edits: body.number_of_edits,
    price_per_edit: body.price_per_edit,
    crop: current.ai_tools.crop.amount / current.ai_tools.crop.multiplier,
    straightening: current.ai_tools.straightening.amount / current.ai_tools.straightening.multiplier,
    subject_mask: current.ai_tools.subject_mask.amount / current.ai_tools.subject_mask.multiplier,
    smooth_skin: current.ai_tools.smooth_skin.amount / current.ai_tools.smooth_skin.multiplier,
    currency,
    country: contract.country,
  });
  const summary = yearlySummary(next);
  const planName = `${body.number_of_edits.toLocaleString('en-US')} edits a year`;
  const [row] = await db
    .update(contracts)
    .set({
      renewalState: body.renewal_state,
      nextNumberOfEdits: body.number_of_edits,
      nextPricePerEdit: tenThousandths(next.price_per_edit),
      nextPlanName: planName,
      nextPlanPrice: summary.monthly_payment,
    })
    .where(eq(contracts.id, contract.id))
    .returning();
  if (!row) throw new Error('contract not updated');
  await recordStaffAction(db, customer.id, staff, 'Yearly contract next period set', [
    { label: 'Next plan', value: planName },
    { label: 'Monthly payment', value: formatMoney(money(summary.monthly_payment, currency)) },
    { label: 'Renewal', value: renewalStateLabels[body.renewal_state] },
  ]);
  return { contract: await contractTiles(db, row, customer) };
});
