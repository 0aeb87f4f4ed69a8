import type { ReactNode } from 'react';
import { runCommand } from '../../commands/runner';
import { can } from '../../domain/permissions';
import { areaById, tabsFor } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { PageHeader } from '../../src/ui/PageHeader';
import { Tabs } from '../../src/ui/Tabs';
import { ActivitiesTab } from './ActivitiesTab';
import { BundlesTab } from './BundlesTab';
import { MarketingTab } from './MarketingTab';
import { PartnersTab } from './PartnersTab';

const area = areaById('partners-management');

/** Each tab's table and the commands its header buttons start (the palette and deep links reach the same ones). */
const tabs: Record<string, { body: () => ReactNode; subtitle: string; buttons: readonly [string, string][] }> = {
  partners: {
    body: () => <PartnersTab />,
    subtitle: 'Who brings customers, and what each costs',
    buttons: [['partner.create', 'New partner']],
  },
  'partner-activities': {
    body: () => <ActivitiesTab />,
    subtitle: 'What partners do, their tracking links, and what each brought',
    buttons: [
      ['activity.create', 'New activity'],
      ['activity.create-campaign', 'New campaign'],
    ],
  },
  'marketing-activities': {
    body: () => <MarketingTab />,
    subtitle: 'Our own campaigns, with the same links and tracking',
    buttons: [['marketing-activity.create', 'New marketing activity']],
  },
  bundles: { body: () => <BundlesTab />, subtitle: 'Seller bundles in the shop', buttons: [] },
};

const buttonPermission: Record<string, Parameters<typeof can>[1]> = {
  'partner.create': 'partner_managment',
  'activity.create': 'partner_managment',
  'activity.create-campaign': 'add_campaign',
  'marketing-activity.create': 'partner_managment',
};

/** Partners management (`/partners-management/:tab`): partners, partner activities, marketing activities, bundles. */
export default function PartnersManagementPage({ tab }: { tab: string }) {
  const { userRole } = useSession();
  const links = tabsFor(area, userRole).map((entry) => ({ href: `${area.path}/${entry.slug}`, label: entry.title }));
  const current = tabs[tab] ?? tabs.partners;
  if (!current) return null;
  const buttons = current.buttons.filter(([id]) => can(userRole, buttonPermission[id] ?? 'partner_managment'));
  return (
    <>
      <PageHeader
        title={area.title}
        subtitle={current.subtitle}
        actions={
          buttons.length ? (
            <div className="flex gap-2">
              {buttons.map(([id, label]) => (
                <Button key={id} onClick={() => void runCommand(id, { origin: 'button' })}>
                  {label}
                </Button>
              ))}
            </div>
          ) : undefined
        }
      >
        <Tabs tabs={links} label={`${area.title} tabs`} />
      </PageHeader>
      <div className="px-4 py-4 md:px-6" key={tab}>
        {current.body()}
      </div>
    </>
  );
}
