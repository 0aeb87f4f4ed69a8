import { api } from '../../domain/api';
import { tableStateFromSearch } from '../../domain/table-url';
import { startDownload } from '../../src/download';
import { call } from '../../src/http';
import { filterQueryOf } from '../../src/ui/table/filter-query';
import { defineCommand } from '../define';

/** Where the audit trail lives: its filters and sort are read from this page's address. */
export const auditPath = '/operations-center/audit';

/** The audit page's filters and sort when it is open (the export is what it lists), else none (the whole trail). */
function auditFilters() {
  if (window.location.pathname !== auditPath) return filterQueryOf({ filters: [] });
  const state = tableStateFromSearch(window.location.search);
  return filterQueryOf(state);
}

export default defineCommand({
  id: 'audit.export-csv',
  title: 'Export the audit trail as CSV',
  group: 'Operations',
  permission: 'assign_roles',
  target: 'none',
  keywords: ['audit', 'csv', 'export', 'download', 'log', 'trail', 'spreadsheet'],
  confirm: false,
  run: async ({ signal }) => {
    const link = await call(api.audit.exportLink, { body: auditFilters() }, { signal });
    startDownload(link.url, link.filename);
    return link;
  },
  revalidates: [api.audit.list],
  successMessage: () =>
    window.location.pathname === auditPath
      ? 'Exporting the audit trail with these filters (CSV)'
      : 'Exporting the whole audit trail (CSV)',
});
