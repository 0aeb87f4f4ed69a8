import { EmptyState } from '../../src/ui/EmptyState';

/** The full customers table (filters, sorting, columns, row menus) arrives with the Users issue. */
export function AllUsersTab() {
  return (
    <EmptyState
      title="Coming with the Users issue"
      message="The full customers table — filters, sorting, column choice and row actions — is built there. Use Search or the palette meanwhile."
    />
  );
}
