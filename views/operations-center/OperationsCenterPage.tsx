import type { ComponentType } from 'react';
import { PageHeader } from '../../src/ui/PageHeader';
import { AreaPlaceholder } from '../shell/AreaPlaceholder';
import { AbTestsTab } from './ab-tests/AbTestsTab';
import { BannersTab } from './BannersTab';
import { CreditPackagesTab } from './CreditPackagesTab';
import { ExchangeRatesTab } from './ExchangeRatesTab';
import { NotificationsTab } from './NotificationsTab';
import { OfferGeneratorTab } from './OfferGeneratorTab';
import { OperationsTabs } from './OperationsTabs';
import { OutboxTab } from './OutboxTab';

/** The tabs built so far; the others show the placeholder. */
const builtTabs: Readonly<Record<string, ComponentType>> = {
  'offer-generator': OfferGeneratorTab,
  banners: BannersTab,
  notifications: NotificationsTab,
  'ab-tests': AbTestsTab,
  'credit-packages': CreditPackagesTab,
  'exchange-rates': ExchangeRatesTab,
  outbox: OutboxTab,
};

/**
 * The operations center (`/operations-center/:tab`): offers, banners, notifications, A/B tests, credit packages,
 * exchange rates and the outbox; staff and the audit trail are pages of their own under the same tabs.
 */
export default function OperationsCenterPage({ tab }: { tab: string }) {
  const TabView = builtTabs[tab];
  if (!TabView) return <AreaPlaceholder area="operations-center" />;
  return (
    <>
      <PageHeader title="Operations center">
        <OperationsTabs />
      </PageHeader>
      <div className="px-4 py-4 md:px-6">
        <TabView />
      </div>
    </>
  );
}
