/**
 * VAT on Loupe's invoices. The seller is established in the EU (Ireland by default); the amount charged to the card
 * is the invoice TOTAL, so VAT, when due, is included in it and the subtotal is what is left.
 *
 * The rule (digital services sold by an EU business):
 * - EU customer with a VAT id, in another member state than the seller: reverse charge, no VAT on the invoice.
 * - EU customer without a VAT id (a consumer), or in the seller's own country: VAT at the customer country's
 *   standard rate (the One-Stop-Shop rule for consumers; domestic VAT at home).
 * - Customer outside the EU (or country unknown): outside the scope of EU VAT, no VAT.
 */

/** Standard VAT rates of the EU member states, in basis points (2300 = 23 %). */
export const euVatRatesBp: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2200,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 1900,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

export interface VatSplit {
  /** Minor units before VAT. */
  subtotal: number;
  vat: number;
  /** What was charged: subtotal + vat. */
  total: number;
  rateBp: number;
  /** One sentence for the invoice. */
  note: string;
}

// One formatter for every call: `toLocaleString` with options builds a new one each time (a billing run writes a VAT
// note per invoice: a quarter of a second per 20,000).
const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Formats basis points as a percentage: 2300 → "23 %", 2550 → "25.5 %". */
export function formatRate(rateBp: number): string {
  return `${rateFormat.format(rateBp / 100)} %`;
}

/** Splits a charged total (minor units) into subtotal and VAT for a customer by the rule above. */
export function splitVat(
  total: number,
  customer: { country: string | null; vatId: string | null },
  sellerCountry: string,
): VatSplit {
  const country = customer.country?.toUpperCase() ?? null;
  const rate = country ? euVatRatesBp[country] : undefined;
  const vatId = customer.vatId?.trim() || null;
  if (rate === undefined) {
    return { subtotal: total, vat: 0, total, rateBp: 0, note: 'Outside the scope of EU VAT: customer outside the EU.' };
  }
  if (vatId && country !== sellerCountry) {
    return {
      subtotal: total,
      vat: 0,
      total,
      rateBp: 0,
      note: `Reverse charge: VAT to be accounted for by the customer (VAT id ${vatId}), Article 196 of Directive 2006/112/EC.`,
    };
  }
  const subtotal = Math.round((total * 10_000) / (10_000 + rate));
  return {
    subtotal,
    vat: total - subtotal,
    total,
    rateBp: rate,
    note: `VAT ${formatRate(rate)} (${country}) included in the amount charged.`,
  };
}
