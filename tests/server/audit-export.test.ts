import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { csvField } from '../../server/audit/export';
import { staff } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { useTestApi } from './support/test-api';

/** The CSV's lines as arrays of fields (the export's own quoting undone: fields here hold no line breaks). */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const fields: string[] = [];
      const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
      for (const match of line.matchAll(pattern)) {
        const raw = match[1] ?? '';
        fields.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
        if (match[2] === '') break;
      }
      return fields;
    });
}

describeEachBackend('audit trail export', (backend) => {
  const t = useTestApi(backend);

  it('a signed link streams the filtered trail as CSV, staff by name; asking for it is audited', async () => {
    const { api } = t;
    const master = await api.signIn('SUPPORT_MASTER');
    const customer = await insertCustomer(api.db);
    await master.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER', description: 'a, "quoted" one' });
    await master.post(api.users.suspend, { user_id: customer.id }, { reason: 'OTHER', description: 'again' });
    const admin = await api.signIn('ADMIN');
    const filters = [
      { kind: 'multi' as const, column: 'staff', op: 'equal' as const, value: [String(api.staff.SUPPORT_MASTER.id)] },
      { kind: 'text' as const, column: 'call_id', op: 'equal' as const, value: 'users.suspend' },
    ];
    const listed = await admin.post(api.audit.list, {}, { filters });
    expect(listed.json.entries).toHaveLength(2);
    const link = await admin.post(api.audit.exportLink, {}, { filters });
    expect(link.status).toBe(200);
    expect(link.json.url).toMatch(/^\/admin\/audit\/audit\.csv\?f=staff:multi:equal:\d+&f=call_id:text:equal:/);
    const csv = await api.inject({ method: 'GET', url: link.json.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header?.slice(0, 3)).toEqual(['When', 'Staff', 'Staff id']);
    expect(rows).toHaveLength(2);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const master_ = api.staff.SUPPORT_MASTER;
    for (const row of rows) {
      expect(row[column('Staff')]).toContain(master_.email);
      expect(row[column('Call')]).toBe('users.suspend');
      expect(row[column('Target')]).toBe(String(customer.id));
      expect(row[column('Method')]).toBe('POST');
    }
    // Newest first, as the page lists them: the refused second suspend (409) before the first.
    expect(rows.map((row) => row[column('Status')])).toEqual(['409', '200']);
    const asked = await api.db.execute<{ request_body: unknown; outcome: string }>(sql`
      select request_body, outcome from audit_log where call_id = 'audit.exportLink' order by id desc limit 1`);
    expect(asked.rows[0]).toMatchObject({ outcome: 'ok', request_body: { filters } });
  });

  it('an altered filter, an expired link, or an admin who lost the role get 403; bad filters 400', async () => {
    const { api } = t;
    const admin = await api.signIn('ADMIN');
    const filters = [{ kind: 'multi' as const, column: 'outcome', op: 'equal' as const, value: ['failed'] }];
    const link = await admin.post(api.audit.exportLink, {}, { filters });
    const widened = link.json.url.replace('f=outcome:multi:equal:failed&', '');
    const altered = await api.inject({ method: 'GET', url: widened });
    expect(altered.statusCode).toBe(403);
    expect(altered.json().code).toBe('audit_export_link_invalid');
    const expired = new URL(link.json.url, 'http://x');
    expired.searchParams.set('expires', '1000');
    const old = await api.inject({ method: 'GET', url: `${expired.pathname}${expired.search}` });
    expect(old.statusCode).toBe(403);
    expect(['audit_export_link_invalid', 'audit_export_link_expired']).toContain(old.json().code);
    const badStaff = await admin.post(
      api.audit.exportLink,
      {},
      { filters: [{ kind: 'multi', column: 'staff', op: 'equal', value: ['not-an-id'] }] },
    );
    expect(badStaff.status).toBe(400);
    expect(badStaff.error.field).toBe('filters.0.value.0');
    const pl1 = await api.signIn('SUPPORT_PL1');
    expect((await pl1.post(api.audit.exportLink, {}, { filters })).status).toBe(403);
    await api.db.execute(sql`update ${staff} set role = 'SUPPORT_PL1' where id = ${api.staff.ADMIN.id}`);
    const demoted = await api.inject({ method: 'GET', url: link.json.url });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().code).toBe('forbidden');
  });

  it('CSV fields: quoted when needed, formulas made inert', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, "b"')).toBe('"a, ""b"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});
