import { areaById, tabsFor } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { AreaPlaceholder } from '../../src/shell/AreaPlaceholder';
import { PageHeader } from '../../src/ui/PageHeader';
import { Tabs } from '../../src/ui/Tabs';
import { CreditPackagesTab } from './CreditPackagesTab';

const operations = areaById('operations-center');

/** The operations center (`/operations-center/:tab`): custom credit packages; the other tabs are not built yet. */
export default function OperationsCenterPage({ tab }: { tab: string }) {
  const { userRole } = useSession();
  if (tab !== 'credit-packages') return <AreaPlaceholder area="operations-center" />;
  const tabs = tabsFor(operations, userRole).map((each) => ({
    href: `${operations.path}/${each.slug}`,
    label: each.title,
  }));
  return (
    <>
      <PageHeader title={operations.title}>
        <Tabs tabs={tabs} label="Operations center tabs" />
      </PageHeader>
      <div className="px-4 py-4 md:px-6">
        <CreditPackagesTab />
      </div>
    </>
  );
}
