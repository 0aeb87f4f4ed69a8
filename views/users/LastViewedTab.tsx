import { api } from '../../domain/api';
import { useCall } from '../../src/http';
import { EmptyState } from '../../src/ui/EmptyState';
import { Kbd } from '../../src/ui/Kbd';
import { modKeyLabel } from '../../src/ui/platform';
import { Spinner } from '../../src/ui/Spinner';
import { CustomersTable } from './CustomersTable';
import { formatDateTime } from './customer-format';

/** The customers this staff member opened, newest first, with when. */
export function LastViewedTab() {
  const { data, error, isLoading } = useCall(api.users.lastViewed, {});
  if (isLoading && !data) return <Spinner label="Loading the customers you viewed" />;
  if (error && !data) return <EmptyState title="Could not load the customers you viewed" message={error.message} />;
  if (!data || data.users.length === 0) {
    return (
      <EmptyState
        title="No customers viewed yet"
        message={
          <>
            Press <Kbd>{modKeyLabel()}</Kbd> <Kbd>K</Kbd> and type a name, e-mail or id to find one.
          </>
        }
      />
    );
  }
  return (
    <CustomersTable
      rows={data.users}
      label="Last viewed customers"
      extra={{ label: 'Viewed at', cell: (_, index) => formatDateTime(data.viewed_at[index] ?? null) }}
    />
  );
}
