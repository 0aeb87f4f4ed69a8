import type { ComponentType } from 'react';
import { areaById, tabsFor } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { PageHeader } from '../../src/ui/PageHeader';
import { Tabs } from '../../src/ui/Tabs';
import { AreaPlaceholder } from '../shell/AreaPlaceholder';
import { CreditPackagesTab } from './CreditPackagesTab';
import { ExchangeRatesTab } from './ExchangeRatesTab';
import { OutboxTab } from './OutboxTab';

const operations = areaById('operations-center');

/** The tabs built so far; the others show the placeholder. */
const builtTabs: Readonly<Record<string, ComponentType>> = {
  'credit-packages': CreditPackagesTab,
  'exchange-rates': ExchangeRatesTab,
  outbox: OutboxTab,
};

/** The operations center (`/operations-center/:tab`): custom credit packages, exchange rates, outbox; others not built yet. */
export default function OperationsCenterPage({ tab }: { tab: string }) {
  const { userRole } = useSession();
  const TabView = builtTabs[tab];
  if (!TabView) return <AreaPlaceholder area="operations-center" />;
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
        <TabView />
      </div>
    </>
  );
}
