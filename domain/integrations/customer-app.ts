import { z } from 'zod';

/**
 * The customer app's contract (docs/integrations.md): the app redeems the links Loupe issues and learns which sessions
 * staff ended. Calls from the app to Loupe, outside /admin, each with `Authorization: Bearer <APP_SERVICE_TOKEN>`.
 */

/** Where the app redeems a login-as link's token (`{token}`), once, within its 5 minutes. */
export const appLoginAsRedeemPath = '/integrations/app/login-as/redeem';
/** Where the app redeems a reset-password token (`{token}`), once, before it expires. */
export const appPasswordResetRedeemPath = '/integrations/app/password-reset/redeem';
/** Where the app asks which customers' sessions were ended since a time (`?since=<ISO>`). */
export const appRevocationsPath = '/integrations/app/revocations';

/**
 * Where the app looks up the offer of a promotion link (`/{reference}`: the `promotion` query parameter the landing
 * redirect carried, a link id with Loupe's signature). The redirect carries no offer terms (issue 19).
 */
export const appPromotionsPath = '/integrations/app/promotions';

/** A promotion link's offer as the app applies it; `state` says whether it may still be applied. */
export const appPromotionAnswer = z.object({
  id: z.number().int(),
  offer: z.string(),
  action: z.string(),
  source: z.string(),
  landing_page: z.string(),
  campaign: z.string().nullable(),
  expires_at: z.string(),
  state: z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']),
});
export type AppPromotionAnswer = z.infer<typeof appPromotionAnswer>;

/** How long an e-mailed reset-password link stays valid. */
export const passwordResetTtlSeconds = 60 * 60;
/** Revocations per answer at most; ask again from `next_since` for more. */
export const appRevocationsPageSize = 1000;

export const appRedeemBody = z
  .object({
    token: z
      .string()
      .min(16)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, 'the token from the link: letters, digits, - and _'),
  })
  .strict();

const customer = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/**
 * A redeemed login-as link: the session the app opens. `sub` is the customer, `act` the staff member acting as them
 * (RFC 8693's actor claim), so the app can mark the session and attribute what is done in it.
 */
export const appLoginAsAnswer = z.object({
  customer,
  claims: z.object({
    sub: z.string(),
    act: z.object({ sub: z.string(), email: z.string(), name: z.string(), role: z.string() }),
    /** Why staff opened the app as the customer (the login-as reason). */
    reason: z.string(),
    /** The link redeemed (its id), for the app's own records. */
    link_id: z.string(),
    issued_at: z.string(),
  }),
});
export type AppLoginAsAnswer = z.infer<typeof appLoginAsAnswer>;

export const appPasswordResetAnswer = z.object({ customer, issued_at: z.string() });

/** The largest id a customer can have (PostgreSQL `integer`). */
const maxCustomerId = 2_147_483_647;

/**
 * `POST {appPromotionsPath}/{reference}/redeem`: the customer took the offer (subscribed with it). One use per customer
 * per link; the link must be genuine, not expired and not revoked.
 */
export const appPromotionRedeemPath = (reference: string) =>
  `${appPromotionsPath}/${encodeURIComponent(reference)}/redeem`;

export const appPromotionRedeemBody = z
  .object({
    customer_id: z.number().int('a whole number').positive('a customer id').max(maxCustomerId, 'a customer id'),
  })
  .strict();

/** A redeemed offer: what to apply, to whom, and when it was taken. */
export const appPromotionRedeemAnswer = z.object({
  promotion: appPromotionAnswer,
  customer,
  redeemed_at: z.string(),
});
export type AppPromotionRedeemAnswer = z.infer<typeof appPromotionRedeemAnswer>;

/**
 * A page of revocations after (`since`, `after_id`), oldest first. Revocations younger than `appRevocationsSettleSeconds`
 * are left for the next ask, so one committed late (its transaction began earlier) is never skipped.
 */
export const appRevocationsQuery = z
  .object({
    since: z.iso.datetime({ offset: true }),
    after_id: z
      .string()
      .regex(/^(0|[1-9]\d{0,15})$/, 'a revocation id')
      .optional(),
  })
  .strict();
export const appRevocationsSettleSeconds = 5;

/** Each force-logout: sessions of `customer_id` issued before `revoked_at` (microseconds, UTC) are over. */
export const appRevocationsAnswer = z.object({
  revocations: z.array(z.object({ id: z.number().int(), customer_id: z.number().int(), revoked_at: z.string() })),
  /** Ask next with `since=next.since&after_id=next.after_id` (unchanged when there was nothing new). */
  next: z.object({ since: z.string(), after_id: z.string() }),
  /** True when the page was full: ask again at once. */
  more: z.boolean(),
});
export type AppRevocationsAnswer = z.infer<typeof appRevocationsAnswer>;
