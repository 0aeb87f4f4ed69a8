import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type AppLoginAsAnswer,
  type AppRevocationsAnswer,
  appLoginAsRedeemPath,
  appPasswordResetRedeemPath,
  appRedeemBody,
  appRevocationsPageSize,
  appRevocationsPath,
  appRevocationsQuery,
  appRevocationsSettleSeconds,
} from '../../../domain/integrations/customer-app';
import type { Database } from '../../db/client';
import { auditLog, customers, loginAsLinks, passwordResetTokens, staff } from '../../db/schema';
import { isoTimestamp } from '../../db/timestamps';
import { fail } from '../../http/errors';

/** APP_SERVICE_TOKEN: the customer app's bearer token for these calls; unset, they answer 403. */
export function appServiceTokenFrom(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.APP_SERVICE_TOKEN || null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token must be the service token (compared by digest, in constant time). */
export function authenticate(request: FastifyRequest, token: string | null): void {
  if (!token) throw fail('integration_disabled');
  const given = /^Bearer (\S{1,500})$/.exec(request.headers.authorization ?? '')?.[1];
  if (!given || !timingSafeEqual(digest(given), digest(token))) throw fail('service_token_invalid');
}

/** The body or query by the contract's schema; otherwise 400 `validation_failed` naming the field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw fail('validation_failed', { detail: `${field ?? 'request'}: ${issue?.message ?? 'not valid'}`, field });
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Why a link could not be redeemed: never issued, used, or expired (checked after the atomic claim found nothing). */
function refusal(row: { usedAt: string | null } | undefined) {
  if (!row) return fail('link_not_found');
  return row.usedAt ? fail('link_used') : fail('link_expired');
}

/** The audit row of a call the customer app made (no staff member; target the customer). */
export async function audit(db: Database, request: FastifyRequest, callId: string, customerId: number, detail: string) {
  await db.insert(auditLog).values({
    callId,
    method: request.method,
    path: request.routeOptions.url ?? request.url,
    targetKind: 'customer',
    targetId: String(customerId),
    outcome: 'ok',
    status: 200,
    detail,
    requestId: request.id,
    ip: request.ip,
  });
}

/** A customer as the contract answers them. */
export const customerOf = (row: typeof customers.$inferSelect) => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
});

/**
 * The customer app's side of Loupe's links (domain/integrations/customer-app.ts), outside /admin, authenticated by
 * APP_SERVICE_TOKEN: redeem a login-as link or a reset-password token (each once, before it expires: one UPDATE …
 * WHERE used_at IS NULL AND expires_at > now() claims it, so two redemptions at once cannot both succeed), and list
 * force-logouts since a time. Each redemption is audited under the integration.
 */
export function registerCustomerAppRoutes(app: FastifyInstance, db: Database, token: string | null): void {
  app.post(appLoginAsRedeemPath, async (request): Promise<AppLoginAsAnswer> => {
    authenticate(request, token);
    const body = parse(appRedeemBody, request.body);
    const hash = tokenHash(body.token);
    return db.transaction(async (tx) => {
      const [link] = await tx
        .update(loginAsLinks)
        .set({ usedAt: sql`now()` })
        .where(and(eq(loginAsLinks.tokenHash, hash), isNull(loginAsLinks.usedAt), sql`expires_at > now()`))
        .returning();
      if (!link) {
        const [seen] = await tx.select().from(loginAsLinks).where(eq(loginAsLinks.tokenHash, hash));
        throw refusal(seen);
      }
      const [customer] = await tx.select().from(customers).where(eq(customers.id, link.customerId));
      const [member] = await tx.select().from(staff).where(eq(staff.id, link.staffId));
      if (!customer || !member) throw fail('link_not_found');
      if (!member.active) throw fail('staff_deactivated');
      await audit(
        tx,
        request,
        'integrations.app.login_as_redeemed',
        customer.id,
        `Login-as link redeemed (staff #${member.id})`,
      );
      return {
        customer: customerOf(customer),
        claims: {
          sub: String(customer.id),
          act: {
            sub: String(member.id),
            email: member.email,
            name: `${member.firstName} ${member.lastName}`.trim(),
            role: member.role,
          },
          reason: link.reason,
          link_id: link.id,
          issued_at: isoTimestamp(link.createdAt),
        },
      };
    });
  });

  app.post(appPasswordResetRedeemPath, async (request) => {
    authenticate(request, token);
    const body = parse(appRedeemBody, request.body);
    const hash = tokenHash(body.token);
    return db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(eq(passwordResetTokens.tokenHash, hash), isNull(passwordResetTokens.usedAt), sql`expires_at > now()`),
        )
        .returning();
      if (!reset) {
        const [seen] = await tx.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, hash));
        throw refusal(seen);
      }
      const [customer] = await tx.select().from(customers).where(eq(customers.id, reset.customerId));
      if (!customer) throw fail('link_not_found');
      await audit(tx, request, 'integrations.app.password_reset_redeemed', customer.id, 'Reset-password link redeemed');
      return { customer: customerOf(customer), issued_at: isoTimestamp(reset.createdAt) };
    });
  });

  app.get(appRevocationsPath, async (request): Promise<AppRevocationsAnswer> => {
    authenticate(request, token);
    const query = parse(appRevocationsQuery, request.query);
    const afterId = Number(query.after_id ?? 0);
    const { rows } = await db.execute<{ id: number | string; customer_id: number; revoked_at: string }>(sql`
      select id, customer_id, revoked_at::text as revoked_at from session_revocations
      where (revoked_at, id) > (${query.since}::timestamptz, ${afterId})
        and revoked_at < now() - make_interval(secs => ${appRevocationsSettleSeconds})
      order by revoked_at, id limit ${appRevocationsPageSize}`);
    const revocations = rows.map((row) => ({
      id: Number(row.id),
      customer_id: Number(row.customer_id),
      revoked_at: isoTimestamp(row.revoked_at),
    }));
    const last = revocations.at(-1);
    return {
      revocations,
      next: last
        ? { since: last.revoked_at, after_id: String(last.id) }
        : { since: query.since, after_id: String(afterId) },
      more: revocations.length === appRevocationsPageSize,
    };
  });
}
