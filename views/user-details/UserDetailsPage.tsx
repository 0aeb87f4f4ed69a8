// PLACEHOLDER by the console-shell engineer so the route table type-checks: the user-details views replace this file.
import { userDetailTabs } from '../../src/navigation';
import { PageHeader } from '../../src/ui/PageHeader';
import { Tabs } from '../../src/ui/Tabs';

/** User details (`/users/:id/:tab`): placeholder until the user-details views land. */
export default function UserDetailsPage({ id }: { id: number; tab: string }) {
  const tabs = userDetailTabs.map((tab) => ({ href: `/users/${id}/${tab.slug}`, label: tab.title }));
  return (
    <>
      <PageHeader title={`User ${id}`}>
        <Tabs tabs={tabs} label="User details tabs" />
      </PageHeader>
      <p className="px-4 py-3 text-xs text-faint md:px-6">Not built yet.</p>
    </>
  );
}
