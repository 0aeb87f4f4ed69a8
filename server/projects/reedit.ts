import { and, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { currencyOf, invoiceNumber, isInvoiceable } from '../charges/invoices';
import { charges, customers, profiles, projects } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { queuePipelineEvent } from '../integrations/pipeline/outbox';
import { recordStaffAction } from '../users/customer-records';
import { refundedOf } from './refundable';
import { editingProjectRow } from './rows';

/**
 * Re-edit: a delivered editing project goes back to UPLOADED (the queue, oldest first by its upload date), with its
 * edits sent reset; no money moves and its charge stays as it was.
 */
export const reeditProject = handle(api.projects.reedit, async ({ db, params, body, can, staff }) => {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, params.project_id), eq(projects.kind, 'EDITING')))
    .for('update');
  if (!project) throw fail('project_not_found');
  if (project.status === 'UPLOADED' || project.status === 'PROCESSING') throw fail('project_in_queue');
  const [updated] = await db
    .update(projects)
    .set({ status: 'UPLOADED', editsSent: 0, sentFinalEditAt: null, lastUpdatedRow: sql`now()` })
    .where(eq(projects.id, project.id))
    .returning();
  if (!updated) throw fail('project_not_found');
  await queuePipelineEvent(db, 'project.reedit', {
    customer_id: project.customerId,
    profile_id: project.profileId,
    project_id: project.id,
    reason: body.reason,
    photos: project.imagesSent,
  });
  await recordStaffAction(db, project.customerId, staff, 'Project sent for re-edit', [
    { label: 'Project', value: `${project.name} (#${project.id})` },
    { label: 'Reason', value: body.reason },
  ]);
  const [customer] = await db.select().from(customers).where(eq(customers.id, project.customerId));
  const [profile] = project.profileId
    ? await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, project.profileId))
    : [];
  const [charge] = project.chargeId ? await db.select().from(charges).where(eq(charges.id, project.chargeId)) : [];
  return {
    project: editingProjectRow(updated, {
      currency: currencyOf(customer?.currency ?? 'USD'),
      profileName: profile?.name ?? null,
      invoice: charge && isInvoiceable(charge) ? { charge_id: charge.id, number: invoiceNumber(charge) } : null,
      can,
      billing: charge ?? null,
      refunded: await refundedOf(db, project.id),
    }),
  };
});
