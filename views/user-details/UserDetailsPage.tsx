import { useEffect, useMemo } from 'react';
import { rememberUser } from '../../commands/recents';
import { userTarget } from '../../commands/target';
import { api } from '../../domain/api';
import { can } from '../../domain/permissions';
import { useCall } from '../../src/http';
import { LiveChangeLine } from '../../src/live/LiveChangeLine';
import { PresenceLine } from '../../src/live/PresenceLine';
import { userDetailTabs } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { EmptyState } from '../../src/ui/EmptyState';
import { PageHeader } from '../../src/ui/PageHeader';
import { Spinner } from '../../src/ui/Spinner';
import { Tabs } from '../../src/ui/Tabs';
import { wantCommandsNow } from '../shell/LazyCommandLayer';
import { formatDateTime, StatusBadge, suspendReasonLabel } from '../users/customer-format';
import { HeaderFacts } from './HeaderFacts';
import { NotBuiltTab } from './NotBuiltTab';
import { tabViews } from './tab-views';
import { UserActions } from './UserActions';

/** One customer (`/users/:id/:tab`): who they are, what the role can do to them, and the tab's content. */
export default function UserDetailsPage({ id, tab }: { id: number; tab: string }) {
  const { userRole } = useSession();
  const { data, error, isLoading } = useCall(api.users.get, { params: { user_id: id } });
  const row = data?.users[0]?.id === id ? data.users[0] : undefined;
  const target = useMemo(() => (row ? userTarget(row) : undefined), [row]);
  const seenName = target?.name;
  const seenEmail = target?.email;
  // A customer's page leads to commands (keyboard agents press Shift+F at once): the palette loads once it has painted.
  useEffect(wantCommandsNow, []);
  useEffect(() => {
    if (row?.id && seenName) rememberUser({ id: row.id, name: seenName, email: seenEmail });
  }, [row?.id, seenName, seenEmail]);

  const tabs = userDetailTabs
    .filter((each) => !each.permission || can(userRole, each.permission))
    .map((each) => ({ href: `/users/${id}/${each.slug}`, label: each.title }));

  if (!row || !target) {
    const missing = error?.status === 404;
    return (
      <>
        <PageHeader title={`Customer #${id}`} />
        <div className="px-4 py-4 md:px-6">
          {isLoading ? (
            <Spinner label="Loading the customer" />
          ) : missing ? (
            <EmptyState title="No customer with this id" message={`There is no customer #${id}.`} />
          ) : (
            <EmptyState title="Could not load this customer" message={error?.message} />
          )}
        </div>
      </>
    );
  }

  const suspended = row.status === 'SUSPENDED';
  const current = userDetailTabs.find((each) => each.slug === tab);
  const TabView = tabViews[tab];
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <span className="truncate">{target.name}</span> <StatusBadge status={row.status} />
          </span>
        }
        actions={<UserActions target={target} />}
      >
        <div className="-mt-1 pb-2">
          <HeaderFacts row={row} />
        </div>
        <PresenceLine record={`customer:${row.id}`} />
        <LiveChangeLine record={`customer:${row.id}`} />
        {suspended ? (
          <p className="pb-2 text-xs text-danger">
            Suspended {formatDateTime(row.suspended_user_date)}
            {row.suspend_reason ? ` — ${suspendReasonLabel(row.suspend_reason)}` : ''}
            {row.suspend_description ? `: ${row.suspend_description}` : ''}
          </p>
        ) : null}
        <Tabs tabs={tabs} label="Customer tabs" />
      </PageHeader>
      <div className="px-4 py-4 md:px-6">
        {TabView ? <TabView row={row} target={target} /> : <NotBuiltTab title={current?.title ?? tab} />}
      </div>
    </>
  );
}
