import type { UserDetails } from '../../../domain/user-details';
import type { FakeApi } from './fake-api';

/** The details form answer for customer 42 (Jane Doe); override what a test is about. */
export function userDetails(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    id: 42,
    full_name: 'Jane Doe',
    referred_users: { signups: 2, subscribed: 1 },
    last_activity: '2025-03-01T10:00:00.000Z',
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane.doe@example.com',
    business_name: 'Doe Photography',
    cc_emails: [],
    vat_id: null,
    country: 'GB',
    address: null,
    notes: null,
    currency: 'GBP',
    last_updated_row: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The header tiles answer for customer 42. */
export const userTiles = {
  personal_info: {
    full_name: 'Jane Doe',
    email: 'jane.doe@example.com',
    country: 'GB',
    business_name: 'Doe Photography',
    date_added: '2025-01-02T10:00:00.000Z',
    status: 'ACTIVE',
  },
  subscription_types: { editing: 'METERED', culling: 'NONE' },
  next_charge: { date: null, amount: null },
} as const;

/** The credits answer for customer 42: two credits, £25.00 in all. */
export const userCredits = {
  credits: [],
  total_credits: { amount: 2500, multiplier: 100, symbol: '£' },
  total_credits_rows: 2,
} as const;

/** The editing projects answer for customer 42: one open (processing), one delivered. */
export const userProjects = {
  headers: [],
  projects: [{ project_status: 'PROCESSING' }, { project_status: 'DOWNLOADED' }],
  meta: { total_number_of_projects: 2, page: 1, page_size: 50 },
} as const;

/** Answers the details and tiles calls of customer 42, as the real server would. */
export function serveUserDetails(server: FakeApi, details: () => UserDetails = () => userDetails()): void {
  server.on('GET', '/admin/users/42/general_details/details', () => ({ status: 200, body: details() }));
  server.on('GET', '/admin/users/42/general_details/tiles', () => ({ status: 200, body: userTiles }));
}

/** Also answers what the general tab's overview reads: the credits and the editing projects of customer 42. */
export function serveOverview(server: FakeApi): void {
  server.on('GET', '/admin/users/42/general_details/credits', () => ({ status: 200, body: userCredits }));
  server.on('GET', '/admin/users/42/projects', () => ({ status: 200, body: userProjects }));
}
