import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { api } from '../../../domain/api';
import { loginAsLinkTtlSeconds } from '../../../domain/user-actions';
import { loginAsLinks, sessionRevocations } from '../../db/schema';
import { isoTimestamp } from '../../db/timestamps';
import { handle } from '../../http/handler';
import { customerAppUrl, findCustomer, lockCustomer, recordStaffAction, updateCustomer } from '../customer-records';

/** Ends every customer-app session issued before now (the app checks `sessions_revoked_at`), with a reason. */
export const forceLogout = handle(api.userActions.forceLogout, async ({ db, params, body, staff }) => {
  const record = await lockCustomer(db, params.user_id);
  const updated = await updateCustomer(db, record.id, { sessionsRevokedAt: sql`now()` });
  // What the customer app reads (GET /integrations/app/revocations) to end the sessions it issued before now.
  await db.insert(sessionRevocations).values({ customerId: record.id, staffId: staff.id, reason: body.reason });
  await recordStaffAction(db, record.id, staff, 'Signed out of every device', [
    { label: 'Reason', value: body.reason },
  ]);
  return { user_id: record.id, sessions_revoked_at: isoTimestamp(updated.sessionsRevokedAt ?? updated.lastUpdatedRow) };
});

/**
 * A single-use link to the customer app as this customer, valid `loginAsLinkTtlSeconds`: 32 random bytes, stored
 * only as their SHA-256 with the staff member, the reason and the expiry; the app marks it used when redeemed.
 */
export const loginAs = handle(api.userActions.loginAs, async ({ db, params, body, staff }) => {
  const record = await findCustomer(db, params.user_id);
  const token = randomBytes(32).toString('base64url');
  const [link] = await db
    .insert(loginAsLinks)
    .values({
      customerId: record.id,
      staffId: staff.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      reason: body.reason,
      expiresAt: sql`now() + make_interval(secs => ${loginAsLinkTtlSeconds})`,
    })
    .returning({ expiresAt: loginAsLinks.expiresAt });
  if (!link) throw new Error('login-as link not inserted');
  await recordStaffAction(db, record.id, staff, 'Staff opened the app as the customer', [
    { label: 'Reason', value: body.reason },
  ]);
  return { url: `${customerAppUrl}/impersonate/${token}`, expires_at: isoTimestamp(link.expiresAt) };
});
