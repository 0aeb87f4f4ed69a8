import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { api } from '../../../domain/api';
import { passwordResetTtlSeconds } from '../../../domain/integrations/customer-app';
import { customerEmailTemplates } from '../../../domain/user-actions';
import { paymentLinkLabels } from '../../../domain/user-details';
import type { Database } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';
import type { StaffMember } from '../../http/handler';
import { handle } from '../../http/handler';
import { queueEmail } from '../../mail/outbox';
import { customerAppUrl, findCustomer, recordEmailSent, staffName } from '../customer-records';
import { paymentLinkUrl } from '../details/panels';
import type { CustomerRecord } from '../rows';

/** Queues an e-mail to the customer (copied to their cc addresses) and puts it on their timeline. */
export async function emailCustomer(
  db: Database,
  record: CustomerRecord,
  template: string,
  payload: Record<string, unknown>,
  staff: StaffMember | null,
): Promise<{ outbox_id: number; recipient: string; template: string }> {
  const outboxId = await queueEmail(db, {
    template,
    recipient: record.email,
    customerId: record.id,
    payload: { first_name: record.firstName, cc: record.ccEmails, ...payload },
  });
  await recordEmailSent(db, record.id, template, record.email, staff);
  return { outbox_id: outboxId, recipient: record.email, template };
}

/**
 * E-mails a password-reset link: a fresh random token, stored only as its SHA-256 with an expiry, which the customer
 * app redeems once (POST /integrations/app/password-reset/redeem).
 */
export const sendResetPasswordEmail = handle(api.userActions.sendResetPasswordEmail, async ({ db, params, staff }) => {
  const record = await findCustomer(db, params.user_id);
  const token = randomBytes(24).toString('base64url');
  await db.insert(passwordResetTokens).values({
    customerId: record.id,
    staffId: staff.id,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: sql`now() + make_interval(secs => ${passwordResetTtlSeconds})`,
  });
  return emailCustomer(
    db,
    record,
    'RESET_PASSWORD',
    { reset_url: `${customerAppUrl}/reset-password/${token}`, requested_by: staffName(staff) },
    staff,
  );
});

/** E-mails one of the customer's payment links. */
export const sendPaymentLink = handle(api.userActions.sendPaymentLink, async ({ db, params, body, staff }) => {
  const record = await findCustomer(db, params.user_id);
  const url = paymentLinkUrl(record, body.link);
  const sent = await emailCustomer(
    db,
    record,
    'PAYMENT_LINK',
    { link: body.link, label: paymentLinkLabels[body.link], url },
    staff,
  );
  return { ...sent, url };
});

/** E-mails a template with the staff member's note. */
export const sendEmail = handle(api.userActions.sendEmail, async ({ db, params, body, staff }) => {
  const record = await findCustomer(db, params.user_id);
  const label = customerEmailTemplates.find((entry) => entry.value === body.template)?.label ?? body.template;
  return emailCustomer(db, record, body.template, { subject: label, note: body.note, from: staffName(staff) }, staff);
});
