import { type FacetKey, facetControls, facetLabels, facetValueLabel } from '../../domain/model-facets';
import type { SidebarGroup, SidebarItem } from '../../domain/models';
import type { PhotoSelection } from './selection';

/** A facet value with its photo counts: all of the model's photos, and under the rest of the selection. */
export interface FacetCount {
  key: FacetKey;
  value: string;
  photos: number;
  selected: number;
}

/** The cameras card lists this many cameras first; the rest follow a separator. */
const leadingCameras = 6;

const sidebarGroups: { key: string; label: string; cards: FacetKey[] }[] = [
  { key: 'photos', label: 'Photos', cards: ['model-type', 'preset-profile-type'] },
  { key: 'camera', label: 'Camera & processing', cards: ['cameras-profile', 'camera-profile-type', 'process-version'] },
];

function checkboxItems(key: FacetKey, counts: FacetCount[], selection: PhotoSelection): SidebarItem[] {
  const chosen = selection.facets[key] ?? [];
  return counts.map((count) => ({
    key,
    label: facetValueLabel(key, count.value),
    value: count.value,
    options: [],
    total: count.selected,
    selected: chosen.includes(count.value),
    is_disabled: count.selected === 0 && !chosen.includes(count.value),
    children: [],
  }));
}

function card(key: FacetKey, counts: FacetCount[], selection: PhotoSelection) {
  const sorted = [...counts].sort((a, b) => b.photos - a.photos || a.value.localeCompare(b.value));
  if (facetControls[key] === 'radio') {
    const chosen = selection.facets[key]?.[0] ?? 'ALL';
    const all = sorted.reduce((sum, count) => sum + count.selected, 0);
    const item: SidebarItem = {
      key,
      label: facetLabels[key],
      value: chosen,
      options: [
        { value: 'ALL', label: 'All', total: all },
        ...sorted.map((count) => ({
          value: count.value,
          label: facetValueLabel(key, count.value),
          total: count.selected,
        })),
      ],
      total: all,
      selected: chosen !== 'ALL',
      is_disabled: sorted.length < 2,
      children: [],
    };
    return { key, label: facetLabels[key], subgroups: [{ type: 'radio' as const, label: null, items: [item] }] };
  }
  if (key === 'cameras-profile' && sorted.length > leadingCameras) {
    return {
      key,
      label: facetLabels[key],
      subgroups: [
        {
          type: 'checkbox' as const,
          label: 'Most used',
          items: checkboxItems(key, sorted.slice(0, leadingCameras), selection),
        },
        { type: 'separator' as const, label: null, items: [] },
        {
          type: 'checkbox' as const,
          label: 'Others',
          items: checkboxItems(key, sorted.slice(leadingCameras), selection),
        },
      ],
    };
  }
  return {
    key,
    label: facetLabels[key],
    subgroups: [{ type: 'checkbox' as const, label: null, items: checkboxItems(key, sorted, selection) }],
  };
}

/** The sidebar: groups of cards, one card per facet, with each value's photo count under the rest of the selection. */
export function sidebarOf(counts: readonly FacetCount[], selection: PhotoSelection): SidebarGroup[] {
  return sidebarGroups.map((group) => ({
    key: group.key,
    label: group.label,
    cards: group.cards.map((key) =>
      card(
        key,
        counts.filter((count) => count.key === key),
        selection,
      ),
    ),
  }));
}
