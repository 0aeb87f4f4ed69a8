import { eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { Endpoint } from '../../domain/endpoint';
import { customers } from '../db/schema';
import { fail } from '../http/errors';
import { handle, type StaffHandler } from '../http/handler';

/** Declared calls whose handlers are being written: 404 for an unknown customer, else a 500 saying so. */
function pending(endpoint: Endpoint): StaffHandler {
  return handle(endpoint, async ({ db, params }) => {
    const id = (params as Record<string, unknown>).user_id;
    if (typeof id === 'number') {
      const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
      if (!row) throw fail('customer_not_found');
    }
    throw fail('internal', { detail: `${endpoint.id} is not implemented yet` });
  }) as StaffHandler;
}

/** Temporary: every user-details and user-actions call until its handler lands. */
export const pendingHandlers: readonly StaffHandler[] = [
  ...Object.values(api.userDetails),
  ...Object.values(api.userActions),
].map(pending);
