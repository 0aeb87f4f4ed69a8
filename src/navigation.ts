import { can, canAny, type Permission } from '../domain/permissions';
import type { Role } from '../domain/roles';

/** A tab of an area page: its URL segment, its title, and the permission it needs (if any). */
export interface TabDefinition {
  slug: string;
  title: string;
  permission?: Permission;
}

/** A top-level area of the console: where it lives, what it needs, and its tabs. Read by the shell, routes and palette. */
export interface AreaDefinition {
  id: 'users' | 'pending-projects' | 'approvals' | 'models' | 'partners-management' | 'operations-center';
  title: string;
  /** The area's root path (redirects to the first tab where it has tabs). */
  path: string;
  permission?: Permission;
  /** Opened by a role holding any of these (instead of one `permission`). */
  anyOf?: readonly Permission[];
  tabs: readonly TabDefinition[];
}

export const areas: readonly AreaDefinition[] = [
  {
    id: 'users',
    title: 'Users',
    path: '/users',
    tabs: [
      { slug: 'last-viewed', title: 'Last viewed' },
      { slug: 'all-users', title: 'All users', permission: 'see_all_users' },
      { slug: 'search', title: 'Search' },
    ],
  },
  { id: 'pending-projects', title: 'Pending projects', path: '/pending-projects', tabs: [] },
  {
    // Approvers decide here; whoever may give credit or refund sees their own requests here too.
    id: 'approvals',
    title: 'Approvals',
    path: '/approvals',
    anyOf: ['refund', 'give_credit', 'give_credit_capped'],
    tabs: [],
  },
  { id: 'models', title: 'Models', path: '/models', permission: 'see_models', tabs: [] },
  {
    id: 'partners-management',
    title: 'Partners',
    path: '/partners-management',
    permission: 'partner_managment',
    tabs: [
      { slug: 'partners', title: 'Partners' },
      { slug: 'partner-activities', title: 'Partner activities' },
      { slug: 'marketing-activities', title: 'Marketing activities' },
      { slug: 'bundles', title: 'Bundles', permission: 'bundle_page_creation' },
    ],
  },
  {
    id: 'operations-center',
    title: 'Operations center',
    path: '/operations-center',
    permission: 'view_operations_center',
    tabs: [
      { slug: 'offer-generator', title: 'Offer generator', permission: 'coupons' },
      { slug: 'banners', title: 'Banners', permission: 'banner_management' },
      { slug: 'notifications', title: 'Notifications' },
      { slug: 'ab-tests', title: 'A/B tests' },
      { slug: 'credit-packages', title: 'Custom credit packages', permission: 'charge_and_unsuspend' },
      { slug: 'exchange-rates', title: 'Exchange rates', permission: 'exchange_rates' },
      { slug: 'outbox', title: 'Outbox', permission: 'see_all_users' },
      { slug: 'staff', title: 'Staff', permission: 'assign_roles' },
      { slug: 'audit', title: 'Audit trail', permission: 'assign_roles' },
    ],
  },
];

/** Tabs of the user details page (`/users/:id/:tab`). Later issues fill the reserved ones. */
export const userDetailTabs: readonly TabDefinition[] = [
  { slug: 'general', title: 'General details' },
  { slug: 'payments', title: 'Payments' },
  { slug: 'activity', title: 'Activity' },
  { slug: 'additional-info', title: 'Additional info' },
  { slug: 'backup', title: 'Backup' },
  { slug: 'culling', title: 'Culling' },
  { slug: 'credits', title: 'Credits' },
  { slug: 'notifications', title: 'Notifications' },
  { slug: 'charges', title: 'Charges' },
  { slug: 'contract', title: 'Contract' },
  { slug: 'profiles', title: 'Profiles' },
  { slug: 'projects', title: 'Projects' },
  { slug: 'audit', title: 'Audit' },
  { slug: 'emails', title: 'E-mails' },
];

/** May this role open the area at all (its own permission, if any)? */
export function canOpenArea(area: AreaDefinition, role: Role | null | undefined): boolean {
  if (area.anyOf) return canAny(role, area.anyOf);
  return area.permission === undefined || can(role, area.permission);
}

/** The tabs of an area this role may open. */
export function tabsFor(area: AreaDefinition, role: Role | null | undefined): TabDefinition[] {
  return area.tabs.filter((tab) => tab.permission === undefined || can(role, tab.permission));
}

/** The areas this role may open, in navigation order. */
export function areasFor(role: Role | null | undefined): AreaDefinition[] {
  return areas.filter((area) => canOpenArea(area, role));
}

/** Where a link to the area leads: its first tab this role may open, or the area's root. */
export function areaHref(area: AreaDefinition, role: Role | null | undefined): string {
  const first = tabsFor(area, role)[0];
  return first ? `${area.path}/${first.slug}` : area.path;
}

/** The area with this id (its definition is static: a wrong id is a programming error). */
export function areaById(id: AreaDefinition['id']): AreaDefinition {
  const area = areas.find((candidate) => candidate.id === id);
  if (!area) throw new Error(`Unknown area ${id}`);
  return area;
}
