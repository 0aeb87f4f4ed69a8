import { z } from 'zod';
import type { Money } from './money-format';

export {
  type Currency,
  currencies,
  currencyOfSymbol,
  currencySymbols,
  formatMoney,
  isMoney,
  type Money,
  money,
  toMinorUnits,
} from './money-format';

/** The spec's money value: `amount / multiplier` units of the currency named by `symbol`. */
export const moneySchema = z.object({
  amount: z.number().int(),
  multiplier: z.union([z.literal(1), z.literal(100), z.literal(10000)]),
  symbol: z.string().min(1).max(3),
}) satisfies z.ZodType<Money>;
