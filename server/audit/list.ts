import { api } from '../../domain/api';
import { auditLog } from '../db/schema';
import { handle } from '../http/handler';
import { compileTableQuery } from '../tables/filter-sql';
import { keysetPage } from '../tables/keyset-page';
import { auditHeaders, auditRowOf, auditSource, staffNames } from './source';

/** The audit trail, filtered, sorted and paged by keyset cursor in SQL, like every list (ADMIN: assign_roles). */
export const listAudit = handle(api.audit.list, async ({ db, body }) => {
  const headers = auditHeaders(await staffNames(db));
  const query = compileTableQuery(auditSource(headers), body);
  const { records, nextCursor, total } = await keysetPage(db, auditLog, query, body.page_size);
  return {
    headers,
    entries: records.map(auditRowOf),
    meta: {
      total_number_of_entries: total.total,
      total_is_estimate: total.estimate,
      next_cursor: nextCursor,
      sort: query.sort,
    },
  };
});
