import type { EditingProjectRow } from '../../domain/projects';
import type { CustomerRow } from '../../domain/users';
import { apiAs } from './support';

/**
 * An active demo customer with a billed editing project (at least $10.00) it may still refund, found as an admin.
 * `skip` passes over the first active customers: each spec that refunds takes its own stretch of them, so one spec's
 * refund never leaves another's project fully refunded.
 */
export async function refundableProject(
  baseURL: string,
  skip: number,
): Promise<{ user: CustomerRow; project: EditingProjectRow }> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  try {
    const filtered = await api.post('/admin/users/users_filter', {
      headers,
      data: { filters: [{ kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] }], page_size: skip + 40 },
    });
    const { users } = (await filtered.json()) as { users: CustomerRow[] };
    for (const user of users.slice(skip)) {
      const answer = await api.get(`/admin/users/${user.id}/projects`, { headers });
      const { projects } = (await answer.json()) as { projects: EditingProjectRow[] };
      const project = projects.find(
        (row) =>
          row.total_charge.amount >= 1000 &&
          row.quick_actions.some((action) => action.name === 'REFUND' && !action.is_disabled),
      );
      if (project) return { user, project };
    }
  } finally {
    await api.dispose();
  }
  throw new Error('No demo customer with a refundable editing project');
}
