import { api } from '../../domain/api';
import { type ChargeRow, type ChargesAnswer, chargeChoiceForm, chargeStatusLabels } from '../../domain/charges';
import { formatMoney } from '../../domain/money';
import { call } from '../../src/http';
import { formatDate } from '../../src/ui/dates';
import { choicesFrom, type FieldSpec } from '../define';

/** The invoice commands' one parameter: the charge (from its row's menu); empty means the newest invoiced charge. */
export const chargeChoice = chargeChoiceForm;

/** The customer's charge or its invoice, picked by invoice number, description, date, amount, status or id. */
export const chargeField: FieldSpec = {
  kind: 'record',
  label: 'Charge',
  numeric: true,
  placeholder: 'Empty: the newest succeeded charge; or type its invoice number, date or amount',
  choices: choicesFrom(
    api.charges.list,
    ({ target }) => (target ? { params: { user_id: target.id } } : null),
    (answer) =>
      answer.charges.map((charge) => ({
        value: String(charge.id),
        label: charge.invoice ? `${charge.invoice.number} · ${charge.description}` : charge.description,
        details: [formatDate(charge.date), chargeStatusLabels[charge.status], formatMoney(charge.amount)],
      })),
  ),
};

/** The calls an invoice command's result shows in: the charges list (invoice version), the timeline, the audit. */
export const invoiceViews = [api.charges.list, api.userDetails.activity, api.userDetails.audit] as const;

/** The newest charge of the list that has an invoice, or null. */
export function newestInvoiced(answer: ChargesAnswer): ChargeRow | null {
  return answer.charges.find((charge) => charge.invoice !== null) ?? null;
}

/** The charge id to act on: the one given, else the customer's newest invoiced charge (an error when there is none). */
export async function resolveChargeId(userId: number, chargeId: number | undefined, signal: AbortSignal) {
  if (chargeId !== undefined) return chargeId;
  const answer = await call(api.charges.list, { params: { user_id: userId } }, { signal });
  const charge = newestInvoiced(answer);
  if (!charge) throw new Error('This customer has no succeeded charge, so there is no invoice to use.');
  return charge.id;
}
