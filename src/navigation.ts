import type { Permission } from '../domain/permissions';

/** A tab of an area page: its URL segment, its title, and the permission it needs (if any). */
export interface TabDefinition {
  slug: string;
  title: string;
  permission?: Permission;
}

/** A top-level area of the console: where it lives, what it needs, and its tabs. Read by the shell, routes and palette. */
export interface AreaDefinition {
  id: 'users' | 'pending-projects' | 'models' | 'partners-management' | 'operations-center';
  title: string;
  /** The area's root path (redirects to the first tab where it has tabs). */
  path: string;
  permission?: Permission;
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
      { slug: 'credit-packages', title: 'Custom credit packages' },
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
];
