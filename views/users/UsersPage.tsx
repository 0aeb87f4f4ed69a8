import { areaById, tabsFor } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { PageHeader } from '../../src/ui/PageHeader';
import { Tabs } from '../../src/ui/Tabs';
import { AllUsersTab } from './AllUsersTab';
import { LastViewedTab } from './LastViewedTab';
import { SearchTab } from './SearchTab';

const users = areaById('users');

/** The Users area (`/users/:tab`): the tabs this role may open, and the current one. */
export default function UsersPage({ tab }: { tab: string }) {
  const { userRole } = useSession();
  const tabs = tabsFor(users, userRole).map((each) => ({ href: `${users.path}/${each.slug}`, label: each.title }));
  return (
    <>
      <PageHeader title={users.title}>
        <Tabs tabs={tabs} label="Users tabs" />
      </PageHeader>
      <div className="px-4 py-4 md:px-6">
        {tab === 'last-viewed' ? <LastViewedTab /> : null}
        {tab === 'search' ? <SearchTab /> : null}
        {tab === 'all-users' ? <AllUsersTab /> : null}
      </div>
    </>
  );
}
