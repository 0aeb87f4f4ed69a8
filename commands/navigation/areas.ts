import type { Permission } from '../../domain/permissions';
import { type AreaDefinition, areas, type TabDefinition } from '../../src/navigation';
import { defineNavigation, type NavigateCommand } from '../define';

/** The permission of a tab: its own where it has one (each is narrower than its area's), else the area's. */
function permissionOf(area: AreaDefinition, tab?: TabDefinition): Permission | readonly Permission[] | null {
  return tab?.permission ?? area.anyOf ?? area.permission ?? null;
}

/** Two-key jumps (`G` then a letter) to the pages people open most. */
const jumpKeys: Readonly<Record<string, string>> = {
  'go.users.last-viewed': 'G L',
  'go.users.search': 'G S',
  'go.pending-projects': 'G P',
};

function goTo(area: AreaDefinition, tab?: TabDefinition): NavigateCommand<`go.${string}`, 'none'> {
  const path = tab ? `${area.path}/${tab.slug}` : area.path;
  const id: `go.${string}` = tab ? `go.${area.id}.${tab.slug}` : `go.${area.id}`;
  return defineNavigation({
    id,
    title: tab ? `${area.title} › ${tab.title}` : area.title,
    group: 'Go to',
    permission: permissionOf(area, tab),
    target: 'none',
    shortcut: jumpKeys[id],
    keywords: ['go', 'open', area.title, ...(tab ? [tab.title] : [])],
    path: () => path,
  });
}

/** One command for every area and tab of `src/navigation.ts`: `go.users.last-viewed`, `go.models`, … */
export const areaNavigation = areas.flatMap((area) =>
  area.tabs.length === 0 ? [goTo(area)] : area.tabs.map((tab) => goTo(area, tab)),
);
