import { useMemo } from 'react';
import { useCall } from '../../src/http';
import { usersCalls } from '../../src/http/users-calls';
import { EmptyState } from '../../src/ui/EmptyState';
import { Kbd } from '../../src/ui/Kbd';
import { modKeyLabel } from '../../src/ui/platform';
import { Spinner } from '../../src/ui/Spinner';
import { localColumn } from '../../src/ui/table';
import { CustomerList } from './CustomerList';

const viewedAt = localColumn('viewed_at', 'Viewed at', 'DATETIME', { sortable: true });

/** The customers this staff member opened, newest first, with when. */
export function LastViewedTab() {
  const { data, error, isLoading, mutate } = useCall(usersCalls.lastViewed, {});
  const rows = useMemo(
    () => (data?.users ?? []).map((row, index) => ({ ...row, viewed_at: data?.viewed_at[index] ?? null })),
    [data],
  );
  const headers = useMemo(() => {
    const own = data?.headers ?? [];
    const menu = own.filter((header) => header.type === 'ROW_MENU');
    return [viewedAt, ...own.filter((header) => header.type !== 'ROW_MENU'), ...menu];
  }, [data]);
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
    <CustomerList
      id="users.last-viewed"
      label="Last viewed customers"
      headers={headers}
      rows={rows}
      onChanged={() => void mutate()}
    />
  );
}
