import { cancelReasonLabels } from '../../domain/contract-calls';
import { unitsOf } from '../../domain/contract-form';
import { labelOf } from '../../domain/labels';
import { currencyOfSymbol, formatMoney, type Money } from '../../domain/money';

/** A price per edit or per use, keeping sub-cent digits: "$0.45", "$0.125". */
export function formatPrice(price: Money): string {
  const currency = currencyOfSymbol(price.symbol);
  if (!currency) return formatMoney(price);
  const units = unitsOf(price);
  const digits = Math.round(units * 10_000) % 100 === 0 ? 2 : 4;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits }).format(units);
}

/** A cancellation reason's label (the domain's), or null without one. */
export function cancelReasonLabel(reason: string | null): string | null {
  return reason ? labelOf(cancelReasonLabels, reason) : null;
}

/** A whole number with thousands separators. */
export function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** The form values the upgrade and next-period commands start from: the running contract's terms. */
export function termsPrefill(contract: {
  price_per_photo: Money;
  ai_tools: Record<'crop' | 'straightening' | 'subject_mask' | 'smooth_skin', Money>;
  currency: string;
  country: string;
}): Record<string, string> {
  return {
    price_per_edit: String(unitsOf(contract.price_per_photo)),
    crop: String(unitsOf(contract.ai_tools.crop)),
    straightening: String(unitsOf(contract.ai_tools.straightening)),
    subject_mask: String(unitsOf(contract.ai_tools.subject_mask)),
    smooth_skin: String(unitsOf(contract.ai_tools.smooth_skin)),
    currency: contract.currency,
    country: contract.country,
  };
}
