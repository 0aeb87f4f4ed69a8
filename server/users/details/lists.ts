import { and, count, desc, eq, inArray, isNull, or, sql, sum } from 'drizzle-orm';
import { allEndpoints, api } from '../../../domain/api';
import { refusalOf } from '../../../domain/labels';
import { type Currency, currencies, money } from '../../../domain/money';
import { isRole } from '../../../domain/roles';
import { detailListLimit, notificationCategories } from '../../../domain/user-details';
import {
  activityEvents,
  auditLog,
  charges,
  customerCredits,
  customerNotifications,
  profiles,
  projects,
  staff,
} from '../../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';
import { fail } from '../../http/errors';
import { handle } from '../../http/handler';
import { findCustomer, recordStaffAction } from '../customer-records';

const summaries = new Map(allEndpoints.map((endpoint) => [endpoint.id, endpoint.summary]));

/** The activity timeline, newest first. */
export const getUserActivity = handle(api.userDetails.activity, async ({ db, params }) => {
  await findCustomer(db, params.user_id);
  const rows = await db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.customerId, params.user_id))
    .orderBy(desc(activityEvents.datetime), desc(activityEvents.id))
    .limit(detailListLimit);
  return {
    events: rows.map((row) => ({
      id: row.id,
      event: row.event,
      category: row.category,
      datetime: isoTimestamp(row.datetime),
      properties: row.properties,
    })),
  };
});

/** Credits, newest first (at most 200), with the count and total of all of them. */
export const getUserCredits = handle(api.userDetails.credits, async ({ db, params }) => {
  const record = await findCustomer(db, params.user_id);
  const currency: Currency = (currencies as readonly string[]).includes(record.currency)
    ? (record.currency as Currency)
    : 'USD';
  const rows = await db
    .select({ credit: customerCredits, firstName: staff.firstName, lastName: staff.lastName })
    .from(customerCredits)
    .leftJoin(staff, eq(staff.id, customerCredits.staffId))
    .where(eq(customerCredits.customerId, record.id))
    .orderBy(desc(customerCredits.createdAt), desc(customerCredits.id))
    .limit(detailListLimit);
  const [totals] = await db
    .select({
      rows: count(),
      // The balance is what the customer can spend: credit in their currency (a currency change moves it all over).
      total: sum(
        sql`case when ${customerCredits.currency} = ${currency} then ${customerCredits.amount} else 0 end`,
      ).mapWith(Number),
    })
    .from(customerCredits)
    .where(eq(customerCredits.customerId, record.id));
  return {
    credits: rows.map(({ credit, firstName, lastName }) => ({
      id: credit.id,
      value: money(
        credit.amount,
        (currencies as readonly string[]).includes(credit.currency) ? (credit.currency as Currency) : currency,
      ),
      reason: credit.reason,
      description: credit.description,
      date: isoTimestamp(credit.createdAt),
      source: credit.source,
      given_by: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
    })),
    total_credits: money(totals?.total ?? 0, currency),
    total_credits_rows: totals?.rows ?? 0,
  };
});

/** Notifications not deleted, newest first, each offering DELETE (disabled without user_details_edit). */
export const getUserNotifications = handle(api.userDetails.notifications, async ({ db, params, can }) => {
  await findCustomer(db, params.user_id);
  const rows = await db
    .select()
    .from(customerNotifications)
    .where(and(eq(customerNotifications.customerId, params.user_id), isNull(customerNotifications.deletedAt)))
    .orderBy(desc(customerNotifications.createdAt), desc(customerNotifications.id))
    .limit(detailListLimit);
  const mayDelete = can('user_details_edit');
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      category: (notificationCategories as readonly string[]).includes(row.category)
        ? (row.category as (typeof notificationCategories)[number])
        : 'SYSTEM_COMMUNICATION',
      title: row.title,
      content: row.body,
      status: row.status === 'Pending' ? ('Pending' as const) : ('Sent' as const),
      sent_time: isoTimestampOrNull(row.sentAt),
      read_time: isoTimestampOrNull(row.readAt),
      quick_actions: [
        { name: 'DELETE', is_disabled: !mayDelete, disable_message: mayDelete ? null : refusalOf('user_details_edit') },
      ],
    })),
  };
});

/** Deletes (marks deleted) one notification of the customer; 404 when it is not theirs or already deleted. */
export const deleteUserNotification = handle(
  api.userDetails.deleteNotification,
  async ({ db, params, staff: caller }) => {
    await findCustomer(db, params.user_id);
    const [row] = await db
      .update(customerNotifications)
      .set({ deletedAt: sql`now()` })
      .where(
        and(
          eq(customerNotifications.id, params.notification_id),
          eq(customerNotifications.customerId, params.user_id),
          isNull(customerNotifications.deletedAt),
        ),
      )
      .returning({ id: customerNotifications.id, title: customerNotifications.title });
    if (!row) throw fail('notification_not_found');
    await recordStaffAction(db, params.user_id, caller, 'Notification deleted', [{ label: 'Title', value: row.title }]);
    return { id: row.id, deleted: true as const };
  },
);

/**
 * Staff actions on the customer from the audit log, newest first, with who, what, when and the outcome: those that
 * name the customer, and those that name one of their charges (invoice downloads and sends), profiles (delete,
 * share, revert…) or projects (refund, re-edit…).
 */
export const getUserAudit = handle(api.userDetails.audit, async ({ db, params }) => {
  await findCustomer(db, params.user_id);
  const theirCharges = db
    .select({ id: sql<string>`${charges.id}::text` })
    .from(charges)
    .where(eq(charges.customerId, params.user_id));
  const theirProfiles = db
    .select({ id: sql<string>`${profiles.id}::text` })
    .from(profiles)
    .where(eq(profiles.customerId, params.user_id));
  const theirProjects = db
    .select({ id: sql<string>`${projects.id}::text` })
    .from(projects)
    .where(eq(projects.customerId, params.user_id));
  const rows = await db
    .select({ entry: auditLog, firstName: staff.firstName, lastName: staff.lastName })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(
      or(
        and(eq(auditLog.targetKind, 'customer'), eq(auditLog.targetId, String(params.user_id))),
        and(eq(auditLog.targetKind, 'charge'), inArray(auditLog.targetId, theirCharges)),
        and(eq(auditLog.targetKind, 'profile'), inArray(auditLog.targetId, theirProfiles)),
        and(eq(auditLog.targetKind, 'project'), inArray(auditLog.targetId, theirProjects)),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(detailListLimit);
  return {
    entries: rows.map(({ entry, firstName, lastName }) => ({
      id: entry.id,
      at: isoTimestamp(entry.at),
      staff:
        entry.staffId === null
          ? null
          : {
              id: entry.staffId,
              name: firstName === null ? `#${entry.staffId}` : `${firstName} ${lastName ?? ''}`.trim(),
              role: entry.staffRole !== null && isRole(entry.staffRole) ? entry.staffRole : null,
            },
      call_id: entry.callId,
      summary: summaries.get(entry.callId) ?? entry.callId,
      method: entry.method,
      outcome: entry.outcome,
      status: entry.status,
      detail: entry.detail,
      body: entry.requestBody,
    })),
  };
});
