import { lazy, Suspense, useEffect } from 'react';
import { areaById, tabsFor } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { PageHeader } from '../../src/ui/PageHeader';
import { Spinner } from '../../src/ui/Spinner';
import { Tabs } from '../../src/ui/Tabs';
import { whenCommandsWanted } from '../shell/LazyCommandLayer';
import { LastViewedTab } from './LastViewedTab';

const loadAllUsers = () => import('./AllUsersTab');
const loadSearch = () => import('./SearchTab');
const AllUsersTab = lazy(() => loadAllUsers().then((module) => ({ default: module.AllUsersTab })));
const SearchTab = lazy(() => loadSearch().then((module) => ({ default: module.SearchTab })));

const users = areaById('users');

/**
 * The Users area (`/users/:tab`): the tabs this role may open, and the current one. The landing tab (last viewed)
 * comes with the page; search and the all-users table (with its filters and paging) load when opened, or at the first
 * sign of use, so that switching to them is instant.
 */
export default function UsersPage({ tab }: { tab: string }) {
  const { userRole } = useSession();
  const tabs = tabsFor(users, userRole).map((each) => ({ href: `${users.path}/${each.slug}`, label: each.title }));
  useEffect(
    () =>
      // A warm-up only: if it fails, opening the tab loads (and reports) it again.
      whenCommandsWanted(() => {
        loadAllUsers().catch(() => undefined);
        loadSearch().catch(() => undefined);
      }),
    [],
  );
  return (
    <>
      <PageHeader title={users.title}>
        <Tabs tabs={tabs} label="Users tabs" />
      </PageHeader>
      <div className="px-4 py-4 md:px-6">
        <Suspense fallback={<Spinner label="Loading the tab" />}>
          {tab === 'last-viewed' ? <LastViewedTab /> : null}
          {tab === 'search' ? <SearchTab /> : null}
          {tab === 'all-users' ? <AllUsersTab /> : null}
        </Suspense>
      </div>
    </>
  );
}
