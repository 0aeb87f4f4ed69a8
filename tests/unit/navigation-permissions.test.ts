import { describe, expect, it } from 'vitest';
import { can } from '../../domain/permissions';
import { roles } from '../../domain/roles';
import { areas, tabsFor } from '../../src/navigation';

const areaOf = (id: string) => {
  const area = areas.find((entry) => entry.id === id);
  if (!area) throw new Error(`no area ${id}`);
  return area;
};

describe('tabs offered by role (issue 20, item 7)', () => {
  it('offer the custom credit packages only to roles that may sell them', () => {
    for (const role of roles) {
      const slugs = tabsFor(areaOf('operations-center'), role).map((tab) => tab.slug);
      expect(slugs.includes('credit-packages'), role).toBe(can(role, 'charge_and_unsuspend'));
    }
  });

  it('offer the Bundles tab to exactly the roles its calls and commands allow', () => {
    for (const role of roles) {
      const slugs = tabsFor(areaOf('partners-management'), role).map((tab) => tab.slug);
      expect(slugs.includes('bundles'), role).toBe(can(role, 'partner_managment') && can(role, 'bundle_page_creation'));
    }
  });
});
