import { and, asc, count, desc, eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { ProjectKind, ProjectPageQuery } from '../../domain/projects';
import { detailListLimit } from '../../domain/user-details';
import { currencyOf, invoiceNumber, isInvoiceable } from '../charges/invoices';
import type { Database } from '../db/client';
import { charges, profiles, projects } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { findCustomer } from '../users/customer-records';
import { refundedByProject } from './refundable';
import {
  additionalProjectHeaders,
  editingProjectHeaders,
  editingProjectRow,
  teachingProjectHeaders,
  videoProjectHeaders,
  videoProjectRow,
} from './rows';

const sortColumns = {
  date: projects.createdAt,
  project_name: projects.name,
  total_charge: projects.totalCharge,
  number_of_images_sent: projects.imagesSent,
} as const;

/** One page of a customer's projects of a kind, sorted in SQL (tie-broken by id), with the total. */
async function projectPage(db: Database, customerId: number, kind: ProjectKind, query: ProjectPageQuery) {
  const where = and(eq(projects.customerId, customerId), eq(projects.kind, kind));
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ project: projects, profileName: profiles.name, charge: charges })
    .from(projects)
    .leftJoin(profiles, eq(profiles.id, projects.profileId))
    .leftJoin(charges, eq(charges.id, projects.chargeId))
    .where(where)
    .orderBy(direction(sortColumns[query.sort]), direction(projects.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await db.select({ n: count() }).from(projects).where(where);
  const meta = { total_number_of_projects: total?.n ?? 0, page: query.page, page_size: query.page_size };
  return { rows, meta };
}

/** The customer's editing projects (EDIT and CULL), each with its profile, cost, invoice and the caller's actions. */
export const listEditingProjects = handle(api.projects.editing, async ({ db, params, query, can }) => {
  const customer = await findCustomer(db, params.user_id);
  const { rows, meta } = await projectPage(db, customer.id, 'EDITING', query);
  const currency = currencyOf(customer.currency);
  const refunded = await refundedByProject(
    db,
    rows.filter(({ project }) => project.paid && project.totalCharge > 0).map(({ project }) => project.id),
  );
  return {
    headers: [...editingProjectHeaders],
    projects: rows.map(({ project, profileName, charge }) =>
      editingProjectRow(project, {
        currency,
        profileName,
        invoice: charge && isInvoiceable(charge) ? { charge_id: charge.id, number: invoiceNumber(charge) } : null,
        can,
        refunded: refunded.get(project.id) ?? 0,
      }),
    ),
    meta,
  };
});

/** The customer's video projects. */
export const listVideoProjects = handle(api.projects.video, async ({ db, params, query, can }) => {
  const customer = await findCustomer(db, params.user_id);
  const { rows, meta } = await projectPage(db, customer.id, 'VIDEO', query);
  return {
    headers: [...videoProjectHeaders],
    projects: rows.map(({ project }) => videoProjectRow(project, can)),
    meta,
  };
});

/** A profile's projects of a kind, newest first (404 for an unknown profile). */
async function profileProjects(db: Database, profileId: number, kind: ProjectKind) {
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId));
  if (!profile) throw fail('profile_not_found');
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.profileId, profile.id), eq(projects.kind, kind)))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(detailListLimit);
}

export const listTeachingProjects = handle(api.projects.teaching, async ({ db, params }) => ({
  headers: [...teachingProjectHeaders],
  projects: (await profileProjects(db, params.profile_id, 'TEACHING')).map((project) => ({
    id: project.id,
    project_name: project.name,
    upload_date: isoTimestamp(project.createdAt),
    teach: project.teach ?? false,
    finetune: project.finetune ?? false,
    number_of_images_sent: project.imagesSent,
  })),
}));

export const listAdditionalProjects = handle(api.projects.additional, async ({ db, params }) => ({
  headers: [...additionalProjectHeaders],
  projects: (await profileProjects(db, params.profile_id, 'ADDITIONAL')).map((project) => ({
    id: project.id,
    project_name: project.name,
    upload_date: isoTimestamp(project.createdAt),
    edited_with_imagen: project.editedWithImagen ?? false,
    photos_in_project: project.imagesSent,
  })),
}));
