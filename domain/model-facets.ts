/**
 * The model detail's sidebar facets (spec §3 "Model detail" sidebar keys): properties of each training photo that
 * narrow the photos the projects table and every chart count. `model-type` is a radio (one file type or all); the
 * others are checkboxes (any of the checked values).
 */
export const facetKeys = [
  'model-type',
  'preset-profile-type',
  'camera-profile-type',
  'cameras-profile',
  'process-version',
] as const;
export type FacetKey = (typeof facetKeys)[number];

export function isFacetKey(key: string): key is FacetKey {
  return (facetKeys as readonly string[]).includes(key);
}

export const facetLabels: Record<FacetKey, string> = {
  'model-type': 'File type',
  'preset-profile-type': 'Preset',
  'camera-profile-type': 'Camera profile',
  'cameras-profile': 'Camera',
  'process-version': 'Process version',
};

/** The photo column each facet reads. */
export const facetColumns: Record<FacetKey, string> = {
  'model-type': 'file_type',
  'preset-profile-type': 'preset_type',
  'camera-profile-type': 'camera_profile',
  'cameras-profile': 'camera',
  'process-version': 'process_version',
};

/** Radio facets take one value; checkbox facets any number. */
export const facetControls: Record<FacetKey, 'radio' | 'checkbox'> = {
  'model-type': 'radio',
  'preset-profile-type': 'checkbox',
  'camera-profile-type': 'checkbox',
  'cameras-profile': 'checkbox',
  'process-version': 'checkbox',
};

export const presetTypes = ['NONE', 'OWN_PRESET', 'BOUGHT_PRESET', 'ADOBE_PRESET'] as const;
export const presetTypeLabels: Record<(typeof presetTypes)[number], string> = {
  NONE: 'No preset',
  OWN_PRESET: 'Own preset',
  BOUGHT_PRESET: 'Bought preset',
  ADOBE_PRESET: 'Adobe preset',
};

/** What people read for a facet value (preset kinds have labels; cameras, profiles and versions are their names). */
export function facetValueLabel(key: FacetKey, value: string): string {
  if (key === 'preset-profile-type') return presetTypeLabels[value as keyof typeof presetTypeLabels] ?? value;
  return value;
}
