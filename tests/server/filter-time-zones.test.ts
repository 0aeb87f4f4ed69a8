import { beforeAll, expect, it } from 'vitest';
import type { TableFilter } from '../../domain/table-query';
import { auditLog } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import type { Client } from './support/test-api';
import { useTestApi } from './support/test-api';

/**
 * A date filter's day is the day in the zone the request names (`time_zone`, the staff member's): a customer added at
 * 23:30 UTC on 1 November was added on 1 November in Dublin and New York but on 2 November in Tokyo.
 */
describeEachBackend('date filters in a time zone', (backend) => {
  const t = useTestApi(backend);
  let admin: Client;
  const marker = 'zone-filter-test';

  beforeAll(async () => {
    admin = await t.api.signIn('ADMIN');
    // Winter: Dublin is on UTC, Tokyo 9 hours ahead, New York 5 behind.
    await insertCustomer(t.api.db, { email: `late-november@${marker}.io`, dateAdded: '2026-11-01T23:30:00Z' });
    // Summer: Dublin is an hour ahead of UTC (Irish Standard Time): 23:30 UTC is 00:30 the next day there.
    await insertCustomer(t.api.db, { email: `late-july@${marker}.io`, dateAdded: '2026-07-01T23:30:00Z' });
  });

  const on = (op: Exclude<TableFilter & { kind: 'date' }, { op: 'range' }>['op'], value: string): TableFilter => ({
    kind: 'date',
    column: 'date_added',
    op,
    value,
  });

  /** The marked customers the filter finds in the zone, by the e-mail's local part. */
  async function found(timeZone: string | undefined, filter: TableFilter): Promise<string[]> {
    const mine: TableFilter = { kind: 'text', column: 'email', op: 'includes', value: marker };
    const body = { filters: [mine, filter], sort: { column: 'date_added' as const, direction: 'asc' as const } };
    const result = await admin.post(t.api.users.filter, {}, timeZone ? { ...body, time_zone: timeZone } : body);
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    return result.json.users.map((user) => String(user.email).split('@')[0] ?? '');
  }

  it('counts the day in the named zone: 23:30 UTC is the same day in Dublin and New York, the next in Tokyo', async () => {
    expect(await found('Europe/Dublin', on('on', '2026-11-01'))).toEqual(['late-november']);
    expect(await found('America/New_York', on('on', '2026-11-01'))).toEqual(['late-november']);
    expect(await found('Asia/Tokyo', on('on', '2026-11-01'))).toEqual([]);
    expect(await found('Asia/Tokyo', on('on', '2026-11-02'))).toEqual(['late-november']);
    expect(await found('Asia/Tokyo', on('before', '2026-11-02'))).toEqual(['late-july']);
    expect(await found('Europe/Dublin', on('after', '2026-11-01'))).toEqual([]);
    expect(await found('Asia/Tokyo', on('on_or_after', '2026-11-02'))).toEqual(['late-november']);
    expect(await found('Asia/Tokyo', on('not_on', '2026-11-02'))).toEqual(['late-july']);
  });

  it('follows summer time: in July 23:30 UTC is already the next day in Dublin', async () => {
    expect(await found('Europe/Dublin', on('on', '2026-07-01'))).toEqual([]);
    expect(await found('Europe/Dublin', on('on', '2026-07-02'))).toEqual(['late-july']);
    expect(await found('Europe/Dublin', on('on_or_before', '2026-07-01'))).toEqual([]);
    const range = (from: string, to: string): TableFilter => ({
      kind: 'date',
      column: 'date_added',
      op: 'range',
      from,
      to,
    });
    expect(await found('Asia/Tokyo', range('2026-07-02', '2026-11-02'))).toEqual(['late-july', 'late-november']);
    expect(await found('America/New_York', range('2026-07-02', '2026-11-02'))).toEqual(['late-november']);
  });

  it('reads days in UTC when no zone is named (callers that sent none keep their answers)', async () => {
    expect(await found(undefined, on('on', '2026-07-01'))).toEqual(['late-july']);
    expect(await found('UTC', on('on', '2026-11-01'))).toEqual(['late-november']);
  });

  it('refuses a zone that is not one, and a day that is not one, with 400 naming the field', async () => {
    for (const zone of ['Mars/Base', '+01:00', '', 'Europe/Dublin; drop table', 'x'.repeat(65), 'GMT+25']) {
      const result = await admin.post(t.api.users.filter, {}, { filters: [], time_zone: zone });
      expect(result.status, zone).toBe(400);
      expect(result.error, zone).toMatchObject({ field: 'time_zone' });
      expect(result.error?.detail, zone).toMatch(/IANA time zone such as Europe\/Dublin|at most 64/);
    }
    const badDay = await admin.post(
      t.api.users.filter,
      {},
      { filters: [on('on', '2026-02-30')], time_zone: 'Europe/Dublin' },
    );
    expect(badDay.status).toBe(400);
    expect(badDay.error).toMatchObject({ field: 'filters.0.value' });
  });

  it('a bulk run over the filter counts the same customers as the table in that zone', async () => {
    const mine: TableFilter = { kind: 'text', column: 'email', op: 'includes', value: marker };
    const target = (timeZone: string) => ({
      filter: { filters: [mine, on('on', '2026-11-02')], time_zone: timeZone },
    });
    const preflight = (timeZone: string) =>
      admin.post(
        t.api.bulkRuns.preflight,
        {},
        { command: 'suspend', target: target(timeZone), params: { reason: 'OTHER', description: 'zones' } },
      );
    const tokyo = await preflight('Asia/Tokyo');
    expect(tokyo.status, JSON.stringify(tokyo.json)).toBe(200);
    expect(tokyo.json.total).toBe(1);
    // In Dublin nobody of ours was added on 2 November: the run has nothing to run.
    const dublin = await preflight('Europe/Dublin');
    expect(dublin.status).toBe(422);
    expect(dublin.error?.code).toBe('bulk_run_empty');
    const refused = await admin.post(
      t.api.bulkRuns.preflight,
      {},
      { command: 'suspend', target: target('Mars/Base'), params: { reason: 'OTHER', description: 'zones' } },
    );
    expect(refused.status).toBe(400);
    expect(refused.error?.detail).toMatch(/IANA time zone/);
  });

  it('applies to every table: the audit trail and its CSV export count the day in the zone, which the link signs', async () => {
    const { api } = t;
    // An audited call made at 23:30 UTC on 1 November (the trail is append-only: written as the handler writes it).
    await api.db.insert(auditLog).values({
      at: '2026-11-01T23:30:00Z',
      staffId: api.staff.ADMIN.id,
      staffRole: 'ADMIN',
      callId: 'zones.test',
      method: 'POST',
      path: '/admin/zones/test',
      targetKind: 'user',
      targetId: '4711',
      outcome: 'ok',
      status: 200,
    });
    const filters: TableFilter[] = [
      { kind: 'text', column: 'call_id', op: 'equal', value: 'zones.test' },
      { kind: 'date', column: 'at', op: 'on', value: '2026-11-02' },
    ];
    const tokyo = await admin.post(api.audit.list, {}, { filters, time_zone: 'Asia/Tokyo' });
    expect(tokyo.json.entries.map((entry) => entry.target_id)).toEqual(['4711']);
    const dublin = await admin.post(api.audit.list, {}, { filters, time_zone: 'Europe/Dublin' });
    expect(dublin.json.entries).toEqual([]);

    const link = await admin.post(api.audit.exportLink, {}, { filters, time_zone: 'Asia/Tokyo' });
    expect(link.status).toBe(200);
    expect(link.json.url).toContain('time_zone=Asia%2FTokyo');
    const csv = await api.inject({ method: 'GET', url: link.json.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const moved = await api.inject({ method: 'GET', url: link.json.url.replace('Asia%2FTokyo', 'Europe%2FDublin') });
    expect(moved.statusCode).toBe(403);
  });
});
