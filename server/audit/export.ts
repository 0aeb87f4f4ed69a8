import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { api, apiPrefix } from '../../domain/api';
import { type AuditRow, auditExportTtlSeconds } from '../../domain/audit';
import { pathOf } from '../../domain/endpoint';
import { can } from '../../domain/permissions';
import { isRole } from '../../domain/roles';
import { type TableState, tableStateFromSearch, tableStateToSearch } from '../../domain/table-url';
import type { Header } from '../../domain/tables';
import type { Database } from '../db/client';
import { auditLog, staff } from '../db/schema';
import { fail } from '../http/errors';
import { handle, handlePublic } from '../http/handler';
import { linkSignature, signatureMatches } from '../http/signed-links';
import { type CompiledTableQuery, compileTableQuery } from '../tables/filter-sql';
import { keysetRecords } from '../tables/keyset-page';
import { auditHeaders, auditRowOf, auditSource, staffNames } from './source';

const purpose = 'loupe audit export v1';
/** Rows read per query while streaming (each page is its own short statement: no transaction held open). */
const pageSize = 1000;

/**
 * What a link signs: the admin who asked, the expiry, the zone the days are read in, and the filters and sort in the
 * address's own form.
 */
const signedText = (by: number, expires: number, timeZone: string, search: string) =>
  `${by}.${expires}.${timeZone}.${search}`;

/** The table state's filters and sort as the address writes them (the columns are not part of an export). */
const searchOf = (state: TableState) => tableStateToSearch({ filters: state.filters, sort: state.sort });

/** The filters and sort checked as the audit page checks them (400 naming the filter at fault). */
async function compiled(db: Database, state: TableState, timeZone: string) {
  const headers = auditHeaders(await staffNames(db));
  const source = auditSource(headers);
  const query = compileTableQuery(source, {
    filters: state.filters,
    sort: state.sort,
    page_size: pageSize,
    cursor: null,
    time_zone: timeZone,
  });
  return { headers, source, query, timeZone };
}

/**
 * POST audit/export: a signed link to the CSV of the audit trail for these filters and sort, valid for 10 minutes
 * (a mutation, so audited with its filters like any other: who exported what).
 */
export const exportAuditLink = handle(api.audit.exportLink, async ({ db, body, staff: caller, config }) => {
  const { query } = await compiled(db, { filters: body.filters, sort: body.sort }, body.time_zone);
  const search = searchOf({ filters: body.filters, sort: query.sort });
  const expires = Math.floor(Date.now() / 1000) + auditExportTtlSeconds;
  const signature = linkSignature(config.jwtSecret, purpose, signedText(caller.id, expires, body.time_zone, search));
  const link = new URLSearchParams({
    time_zone: body.time_zone,
    by: String(caller.id),
    expires: String(expires),
    signature,
  });
  const day = new Date().toISOString().slice(0, 10);
  return {
    url: `${apiPrefix}/${pathOf(api.audit.exportCsv, {})}${search ? `${search}&` : '?'}${link}`,
    expires_at: new Date(expires * 1000).toISOString(),
    filename: `audit-trail-${day}.csv`,
  };
});

/** A CSV field: quoted when it holds a separator, quote or line break; a leading = + - @ made inert for spreadsheets. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV's columns: every column of the audit page, the staff member by name, and the method. */
function csvColumns(headers: readonly Header[]): { label: string; value: (row: AuditRow) => unknown }[] {
  const names = headers.find((header) => header.key === 'staff')?.option_labels ?? {};
  return [
    ...headers.map((header) => ({
      label: header.label,
      value: (row: AuditRow) => {
        const value = row[header.key as keyof AuditRow];
        if (header.key === 'staff') return value === null ? '' : (names[String(value)] ?? `#${value}`);
        return value;
      },
    })),
    { label: 'Method', value: (row: AuditRow) => row.method },
  ];
}

/** The CSV's lines, page after page by keyset cursor, until the list ends. */
async function* csvLines(db: Database, state: TableState, first: Awaited<ReturnType<typeof compiled>>) {
  const columns = csvColumns(first.headers);
  yield `${columns.map((column) => csvField(column.label)).join(',')}\r\n`;
  let query: CompiledTableQuery = first.query;
  for (;;) {
    const { records, nextCursor } = await keysetRecords(db, auditLog, query, pageSize);
    let chunk = '';
    for (const record of records) {
      const row = auditRowOf(record);
      chunk += `${columns.map((column) => csvField(column.value(row))).join(',')}\r\n`;
    }
    if (chunk) yield chunk;
    if (!nextCursor) return;
    query = compileTableQuery(first.source, {
      filters: state.filters,
      sort: state.sort,
      page_size: pageSize,
      cursor: nextCursor,
      time_zone: first.timeZone,
    });
  }
}

/**
 * GET audit/audit.csv behind a signed link: the signature covers the admin, the expiry and the filters in the address
 * (an altered filter is 403, never a wider export); the admin must still be active and hold assign_roles. Streamed
 * page by page on the pool, so a long trail is never held in memory.
 */
export const exportAuditCsv = handlePublic(
  api.audit.exportCsv,
  async ({ db, query, request, reply, config }) => {
    const at = request.url.indexOf('?');
    const state = tableStateFromSearch(at < 0 ? '' : request.url.slice(at));
    const signed = signedText(query.by, query.expires, query.time_zone, searchOf(state));
    const expected = linkSignature(config.jwtSecret, purpose, signed);
    if (!signatureMatches(expected, query.signature)) throw fail('audit_export_link_invalid');
    if (query.expires * 1000 < Date.now()) throw fail('audit_export_link_expired');
    const [signer] = await db.select().from(staff).where(eq(staff.id, query.by));
    if (!signer?.active || !isRole(signer.role) || !can(signer.role, 'assign_roles')) throw fail('forbidden');
    const first = await compiled(db, state, query.time_zone);
    const day = new Date().toISOString().slice(0, 10);
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-trail-${day}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff');
    return Readable.from(csvLines(db, state, first));
  },
  { transaction: false },
);
