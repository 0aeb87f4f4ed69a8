import { describe, expect, it } from 'vitest';
import * as charges from '../../domain/charges';
import { labelledEnums, labelOf } from '../../domain/labels';
import * as users from '../../domain/users';

/** Every module of the domain, so an enum added in a new file is checked too. */
const domainModules = import.meta.glob<Record<string, unknown>>('../../domain/*.ts', { eager: true });

/**
 * Value lists of the domain that are identifiers, not data people read as words: currency codes (shown as `USD`), file formats (RAW, JPG),
 * role names (the spec's vocabulary, as the permission table names them), column types, and the server's action
 * names (shown as the titles of the commands they map to).
 */
const identifierLists = new Set([
  'currencies',
  'roles',
  'consoleRoles',
  'allSupport',
  'fourPL',
  'columnTypes',
  'chargeRowActions',
  'abTestActions',
  'partnerActions',
  'activityActions',
  'marketingActivityActions',
  'modelQuickActions',
  'userQuickActions',
  'profileFormats',
]);

/** Every exported list of SCREAMING_CASE values in the domain's modules. */
function domainEnums(): [string, readonly string[]][] {
  const found: [string, readonly string[]][] = [];
  for (const module of Object.values(domainModules)) {
    for (const [name, value] of Object.entries(module)) {
      if (!Array.isArray(value) || value.length === 0) continue;
      if (value.every((each) => typeof each === 'string' && /^[A-Z][A-Z0-9_]*$/.test(each))) found.push([name, value]);
    }
  }
  return found;
}

describe('domain labels', () => {
  it('give every value of every labelled enum one label, in words, distinct within its enum', () => {
    for (const [name, { values, labels }] of Object.entries(labelledEnums)) {
      const shown = values.map((value) => labels[value as keyof typeof labels] as string | undefined);
      expect(
        shown.every((label) => typeof label === 'string' && label.length > 0),
        name,
      ).toBe(true);
      expect(
        shown.some((label) => label && /^[A-Z0-9_]{3,}$/.test(label)),
        name,
      ).toBe(false);
      expect(new Set(shown).size, name).toBe(values.length);
      expect(Object.keys(labels).sort(), name).toEqual([...values].sort());
    }
  });

  it('label every enum the domain exports with a map next to it, except the lists of identifiers', () => {
    const labelMaps = Object.values(domainModules).flatMap((module) =>
      Object.values(module).filter(
        (value): value is Record<string, string> =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.values(value).length > 0 &&
          Object.values(value).every((label) => typeof label === 'string' && label.length > 0),
      ),
    );
    for (const [name, values] of domainEnums()) {
      if (identifierLists.has(name)) continue;
      // A subset of a labelled enum (e.g. the paying subscription types) is labelled by that enum's map.
      const labelled = labelMaps.some((labels) => values.every((value) => Object.hasOwn(labels, value)));
      expect(labelled, `${name} needs a label map (value → label) in domain/`).toBe(true);
    }
  });

  it('say “Annual plan” and “Monthly”, not CORPORATE_CONTRACT or MONTHLY', () => {
    expect(labelOf(users.subscriptionLabels, 'CORPORATE_CONTRACT')).toBe('Annual plan');
    expect(labelOf(users.cullingSubscriptionLabels, 'MONTHLY')).toBe('Monthly');
    expect(labelOf(users.subscriptionLabels, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('cardLabel', () => {
  it('reads brand •••• last4 from the payment details, never more', () => {
    expect(charges.cardLabel('Visa •••• 4242, expires 3/28')).toBe('Visa •••• 4242');
    expect(charges.cardLabel('Amex •••• 0005')).toBe('Amex •••• 0005');
    expect(charges.cardLabel(null)).toBe('Card on file');
    expect(charges.cardLabel('pm_card_ok')).toBe('Card on file');
  });
});
