import type { ReactNode } from 'react';
import { type AreaDefinition, areaById, tabsFor } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { PageHeader } from '../../src/ui/PageHeader';
import { Tabs } from '../../src/ui/Tabs';

export interface AreaPlaceholderProps {
  area: AreaDefinition['id'];
  /** The page title when it is not the area's (e.g. a model's detail page). */
  title?: ReactNode;
}

/** An area whose pages are not built yet: its title and the tabs this role may open, nothing else. */
export function AreaPlaceholder({ area: areaId, title }: AreaPlaceholderProps) {
  const { userRole } = useSession();
  const area = areaById(areaId);
  const tabs = tabsFor(area, userRole).map((tab) => ({ href: `${area.path}/${tab.slug}`, label: tab.title }));
  return (
    <>
      <PageHeader title={title ?? area.title}>
        <Tabs tabs={tabs} label={`${area.title} tabs`} />
      </PageHeader>
      <p className="px-4 py-3 text-xs text-faint md:px-6">Not built yet.</p>
    </>
  );
}
