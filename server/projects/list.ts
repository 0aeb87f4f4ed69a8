import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { ProjectKind, ProjectPageQuery } from '../../domain/projects';
import { detailListLimit } from '../../domain/user-details';
import { currencyOf, invoiceNumber, isInvoiceable } from '../charges/invoices';
import type { Database } from '../db/client';
import { runPrepared } from '../db/prepared';
import { charges, customers, profiles, projects } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { containsPattern } from '../tables/filter-sql';
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

/** A chooser's search: the name holds the text (any case), or the text is the id (`1508`, `#1508`). */
function searchCondition(text: string): { rows: SQL | undefined; counted: SQL } {
  const pattern = containsPattern(text);
  const id = /^#?(\d{1,9})$/.exec(text)?.[1];
  const idNumber = id === undefined ? undefined : Number(id);
  return {
    rows: or(ilike(projects.name, pattern), idNumber === undefined ? undefined : eq(projects.id, idNumber)),
    counted:
      idNumber === undefined ? sql`t.name ilike ${pattern}` : sql`(t.name ilike ${pattern} or t.id = ${idNumber})`,
  };
}

/**
 * One page of a customer's projects of a kind, sorted in SQL (tie-broken by id), with the total, the customer's
 * currency and what each project had refunded (card and credit) — in ONE statement: the count and the currency are
 * uncorrelated subqueries (run once), the refunds are read for the page's rows only. A customer with no rows on
 * the page (none at all, a page past the end, or no such customer) costs one more statement, which tells 404 from
 * an empty page. Reads run without a transaction (each statement stands alone).
 */
async function projectPage(db: Database, customerId: number, kind: ProjectKind, query: ProjectPageQuery) {
  const search = query.q === undefined ? undefined : searchCondition(query.q);
  const where = and(eq(projects.customerId, customerId), eq(projects.kind, kind), search?.rows);
  const direction = query.order === 'asc' ? asc : desc;
  const counted = sql<number>`(select count(*) from projects t where t.customer_id = ${customerId} and t.kind = ${kind}${
    search ? sql` and ${search.counted}` : sql``
  })`;
  const rows = await runPrepared(
    db
      .select({
        project: projects,
        profileName: profiles.name,
        charge: { id: charges.id, createdAt: charges.createdAt, status: charges.status, kind: charges.kind },
        refunded:
          kind === 'EDITING'
            ? sql<number>`(select coalesce(sum(r.amount), 0) from charges r
              where r.project_id = ${projects.id} and r.kind = 'REFUND' and r.status = 'SUCCEEDED')
            + (select coalesce(sum(c.amount), 0) from customer_credits c
              where c.project_id = ${projects.id} and c.source = 'REFUND')`.mapWith(Number)
            : sql<number>`0`.mapWith(Number),
        total: counted.mapWith(Number),
        currency: sql<string>`(select currency from customers where id = ${customerId})`,
      })
      .from(projects)
      .leftJoin(profiles, eq(profiles.id, projects.profileId))
      .leftJoin(charges, eq(charges.id, projects.chargeId))
      .where(where)
      .orderBy(direction(sortColumns[query.sort]), direction(projects.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  );
  let total = rows[0]?.total;
  let currency = rows[0]?.currency;
  if (rows.length === 0) {
    const [customer] = await db
      .select({ currency: customers.currency, total: counted.mapWith(Number) })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) throw fail('customer_not_found');
    ({ total, currency } = customer);
  }
  const meta = { total_number_of_projects: total ?? 0, page: query.page, page_size: query.page_size };
  return { rows, meta, currency: currencyOf(currency ?? 'USD') };
}

/** The customer's editing projects (EDIT and CULL), each with its profile, cost, invoice and the caller's actions. */
export const listEditingProjects = handle(
  api.projects.editing,
  async ({ db, params, query, can }) => {
    const { rows, meta, currency } = await projectPage(db, params.user_id, 'EDITING', query);
    return {
      headers: [...editingProjectHeaders],
      projects: rows.map(({ project, profileName, charge, refunded }) =>
        editingProjectRow(project, {
          currency,
          profileName,
          invoice: charge && isInvoiceable(charge) ? { charge_id: charge.id, number: invoiceNumber(charge) } : null,
          can,
          refunded,
        }),
      ),
      meta,
    };
  },
  { transaction: false },
);

/** The customer's video projects. */
export const listVideoProjects = handle(
  api.projects.video,
  async ({ db, params, query, can }) => {
    const { rows, meta } = await projectPage(db, params.user_id, 'VIDEO', query);
    return {
      headers: [...videoProjectHeaders],
      projects: rows.map(({ project }) => videoProjectRow(project, can)),
      meta,
    };
  },
  { transaction: false },
);

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
