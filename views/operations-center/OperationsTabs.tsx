import { areaById, tabsFor } from '../../src/navigation';
import { useSession } from '../../src/session/store';
import { Tabs } from '../../src/ui/Tabs';

const operations = areaById('operations-center');

/** The operations center's tabs the signed-in role may open, under each of its pages' headers. */
export function OperationsTabs() {
  const { userRole } = useSession();
  const tabs = tabsFor(operations, userRole).map((each) => ({
    href: `${operations.path}/${each.slug}`,
    label: each.title,
  }));
  return <Tabs tabs={tabs} label="Operations center tabs" />;
}
