import { sql } from 'drizzle-orm';
import { segmentSchema } from '../../domain/notifications';
import { rowsOf } from '../db/rows';
import { messagingData, webhookSettingsFrom } from '../notifications/output';
import { broadcastJobKind, segmentWhere } from '../notifications/sending';
import { isoAt, type SqlRunner } from './bulk-insert';

const day = 86_400_000;

const broadcastPlans = [
  {
    title: 'New film presets in the editor',
    content: 'Six film looks, tuned on real weddings, are in the editor now. Try them on your next gallery.',
    category: 'NEW',
    sentiment: 'POSITIVE',
    trigger: 'BROADCAST',
    link: '/whats-new/film-presets',
    country: 'GB',
    at: -12,
  },
  {
    title: 'Check your invoice address',
    content: 'From January, invoices carry the address on your account. Please check it is your business address.',
    category: 'MY_ACCOUNT',
    sentiment: 'NEUTRAL',
    trigger: 'CAMPAIGN',
    link: '/account/billing',
    country: 'DE',
    at: -4,
  },
  {
    title: 'Black Friday: 25 % off a year',
    content: 'For three days only, a yearly plan costs a quarter less. The offer is in your account.',
    category: 'SPECIAL_OFFER',
    sentiment: 'URGENT',
    trigger: 'CAMPAIGN',
    link: '/offers/black-friday',
    country: 'US',
    at: 2,
  },
  {
    title: 'Maintenance on Sunday night',
    content: 'Uploads pause for about twenty minutes on Sunday at 02:00 UTC while we move to new servers.',
    category: 'STATUS_UPDATE',
    sentiment: 'NEUTRAL',
    trigger: 'BROADCAST',
    link: null,
    country: 'CA',
    at: 5,
  },
] as const;

/**
 * Broadcasts to active customers of one country each: two sent days ago (their notifications on the customers'
 * tabs, a third of them read over the next two days, their jobs done) and two pending, scheduled in 2 and 5 days
 * with their sending jobs queued for then, as the send call leaves them.
 */
export async function seedBroadcasts(db: SqlRunner, creator: number, now: number): Promise<void> {
  const webhook = webhookSettingsFrom();
  for (const plan of broadcastPlans) {
    const segment = segmentSchema.parse({
      filters: [
        { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
        { kind: 'multi', column: 'country', op: 'equal', value: [plan.country] },
      ],
    });
    const where = segmentWhere(segment.filters) ?? sql`true`;
    const at = isoAt(now + plan.at * day);
    const sent = plan.at < 0;
    const created = sent ? at : isoAt(now - day);
    const [job] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into jobs (kind, payload, state, created_by, created_at, run_after, started_at,
          finished_at, planned, total, done)
        values (${broadcastJobKind}, '{}'::jsonb, ${sent ? 'done' : 'queued'}, ${creator}, ${created}, ${at},
          ${sent ? at : null}, ${sent ? at : null}, ${sent}, ${sent ? 1 : 0}, ${sent ? 1 : 0})
        returning id`),
    );
    const output = messagingData({
      title: plan.title,
      content: plan.content,
      category: plan.category,
      sentiment: plan.sentiment,
      trigger_type: plan.trigger,
      link: plan.link,
      expiration_date: null,
    });
    const [broadcast] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into notification_broadcasts (category, title, content, sentiment, trigger_type,
          link, send_at, segment, output, state, recipients_total, webhook_state, webhook_next_at, job_id, created_by,
          created_at, sent_time)
        values (${plan.category}, ${plan.title}, ${plan.content}, ${plan.sentiment}, ${plan.trigger}, ${plan.link},
          ${sent ? null : at}, ${JSON.stringify(segment)}::jsonb, ${JSON.stringify(output)}::jsonb,
          ${sent ? 'SENT' : 'SCHEDULED'},
          (select count(*)::int from customers where ${where}),
          ${!sent && webhook.url ? 'PENDING' : 'NONE'}, ${!sent && webhook.url ? at : null}, ${String(job?.id)},
          ${creator}, ${created}, ${sent ? at : null})
        returning id`),
    );
    if (!job || !broadcast) continue;
    await db.execute(sql`update jobs set payload = ${JSON.stringify({ broadcastId: broadcast.id })}::jsonb
      where id = ${job.id}`);
    if (!sent) continue;
    await db.execute(sql`insert into customer_notifications (customer_id, broadcast_id, category, title, body, status,
        sent_at, read_at, created_at)
      select id, ${broadcast.id}, ${plan.category}, ${plan.title}, ${plan.content}, 'Sent', ${at}::timestamptz,
        case when id % 3 = 0 then ${at}::timestamptz + (id % 48) * interval '1 hour' end, ${at}::timestamptz
      from customers where ${where}`);
    await db.execute(sql`update notification_broadcasts b
      set sent_count = n.sent, read_count = n.read, first_read_at = n.first_read
      from (select count(*)::int as sent, count(read_at)::int as read, min(read_at) as first_read
            from customer_notifications where broadcast_id = ${broadcast.id}) n
      where b.id = ${broadcast.id}`);
  }
}
