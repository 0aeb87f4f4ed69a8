import { eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type Identifier, parseIdentifier, type RecordKind } from '../../domain/identifiers';
import { type Currency, currencies, formatMoney, money } from '../../domain/money';
import type { FoundRecord } from '../../domain/palette';
import type { Permission } from '../../domain/permissions';
import type { Database } from '../db/client';
import { charges, customers, models, partners, profiles, projects, promotionLinks, shortLinks } from '../db/schema';
import { handle } from '../http/handler';
import { customerRow } from '../users/rows';
import { rankedCustomers } from '../users/search';

/** What each kind of record needs: the permission of the page that shows it (nobody learns of what they may not open). */
const permissionOf: Readonly<Record<RecordKind, Permission>> = {
  customer: api.users.get.permission as Permission,
  charge: 'user_details_read',
  project: 'user_details_read',
  profile: 'user_details_read',
  model: 'see_models',
  partner: 'partner_managment',
  short_link: 'partner_managment',
  promotion: 'coupons',
};

type Owner = { id: number; firstName: string; lastName: string; email: string };

const ownerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
};

function ownerOf(owner: Owner): NonNullable<FoundRecord['customer']> {
  return { id: owner.id, name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email };
}

const day = (at: string) => at.slice(0, 10);
const amountOf = (minor: number, currency: string) =>
  formatMoney(money(minor, (currencies as readonly string[]).includes(currency) ? (currency as Currency) : 'USD'));

async function customerById(db: Database, id: number): Promise<FoundRecord[]> {
  const [row] = await db.select(ownerColumns).from(customers).where(eq(customers.id, id));
  if (!row) return [];
  const owner = ownerOf(row);
  return [
    {
      kind: 'customer',
      key: String(id),
      title: owner.name,
      detail: `${owner.email} · #${id}`,
      path: `/users/${id}/general`,
      customer: owner,
    },
  ];
}

async function chargeById(db: Database, id: number, year?: number): Promise<FoundRecord[]> {
  const [row] = await db
    .select({ charge: charges, owner: ownerColumns })
    .from(charges)
    .innerJoin(customers, eq(customers.id, charges.customerId))
    .where(eq(charges.id, id));
  if (!row || (year !== undefined && Number(row.charge.createdAt.slice(0, 4)) !== year)) return [];
  const { charge } = row;
  const kind = charge.kind === 'REFUND' ? 'Refund' : 'Charge';
  return [
    {
      kind: 'charge',
      key: String(id),
      title: `${kind} #${id}`,
      detail: `${amountOf(charge.amount, charge.currency)} · ${charge.status.toLowerCase()} · ${day(charge.createdAt)} · ${row.owner.email}`,
      path: `/users/${row.owner.id}/charges`,
      customer: ownerOf(row.owner),
    },
  ];
}

async function projectById(db: Database, id: number): Promise<FoundRecord[]> {
  const [row] = await db
    .select({ project: projects, owner: ownerColumns })
    .from(projects)
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .where(eq(projects.id, id));
  if (!row) return [];
  const { project } = row;
  return [
    {
      kind: 'project',
      key: String(id),
      title: `Project #${id} · ${project.name}`,
      detail: `${project.status.toLowerCase().replaceAll('_', ' ')} · ${day(project.createdAt)} · ${row.owner.email}`,
      path: `/users/${row.owner.id}/projects`,
      customer: ownerOf(row.owner),
    },
  ];
}

async function profileById(db: Database, id: number): Promise<FoundRecord[]> {
  const [row] = await db
    .select({ profile: profiles, owner: ownerColumns })
    .from(profiles)
    .innerJoin(customers, eq(customers.id, profiles.customerId))
    .where(eq(profiles.id, id));
  if (!row) return [];
  return [
    {
      kind: 'profile',
      key: String(id),
      title: `Profile #${id} · ${row.profile.name}`,
      detail: `${row.profile.deletedAt ? 'deleted' : row.profile.state.toLowerCase()} · ${row.owner.email}`,
      path: `/users/${row.owner.id}/profiles`,
      customer: ownerOf(row.owner),
    },
  ];
}

async function modelById(db: Database, id: number): Promise<FoundRecord[]> {
  const [row] = await db
    .select({ model: models, owner: ownerColumns })
    .from(models)
    .innerJoin(customers, eq(customers.id, models.customerId))
    .where(eq(models.id, id));
  if (!row) return [];
  return [
    {
      kind: 'model',
      key: String(id),
      title: `Model #${id} · ${row.model.name}`,
      detail: `${row.model.state.toLowerCase().replaceAll('_', ' ')} · ${row.owner.email}`,
      path: `/models/${id}`,
      customer: ownerOf(row.owner),
    },
  ];
}

/** A partner ref, a short link's slug, a promotion link's slug: each one unique index probe. */
async function bySlug(db: Database, slug: string, allowed: (kind: RecordKind) => boolean): Promise<FoundRecord[]> {
  const found: FoundRecord[] = [];
  if (allowed('partner')) {
    const [partner] = await db
      .select({ id: partners.id, name: partners.name, ref: partners.ref })
      .from(partners)
      .where(sql`lower(${partners.ref}) = ${slug}`);
    if (partner) {
      found.push({
        kind: 'partner',
        key: String(partner.id),
        title: `Partner ${partner.name}`,
        detail: `ref ${partner.ref} · #${partner.id}`,
        path: '/partners-management/partners',
        customer: null,
      });
    }
  }
  if (allowed('short_link')) {
    const [link] = await db.select().from(shortLinks).where(eq(shortLinks.slug, slug));
    if (link) {
      found.push({
        kind: 'short_link',
        key: link.slug,
        title: `Short link /l/${link.slug}`,
        detail: `to ${link.url} · ${link.clicks} clicks`,
        path: link.partnerActivityId
          ? '/partners-management/partner-activities'
          : '/partners-management/marketing-activities',
        customer: null,
      });
    }
  }
  if (allowed('promotion')) {
    const [link] = await db.select().from(promotionLinks).where(eq(promotionLinks.slug, slug));
    if (link) found.push(promotionRecord(link));
  }
  return found;
}

function promotionRecord(link: typeof promotionLinks.$inferSelect): FoundRecord {
  const state = link.revokedAt ? 'revoked' : Date.parse(link.expiresAt) < Date.now() ? 'expired' : 'active';
  return {
    kind: 'promotion',
    key: String(link.id),
    title: `Promotion link #${link.id}${link.slug ? ` · ${link.slug}` : ''}`,
    detail: `${link.benefit.toLowerCase().replaceAll('_', ' ')} · ${state} · until ${day(link.expiresAt)}`,
    path: '/operations-center/offer-generator',
    customer: null,
  };
}

/** The records of a console path: a customer's page, a model's. Other pages are opened by the console itself. */
async function byPath(db: Database, path: string): Promise<FoundRecord[]> {
  const customer = /^\/users\/(\d{1,10})(?:\/|$)/.exec(path);
  if (customer) return byNumber(db, Number(customer[1]), 'customer');
  const model = /^\/models\/(\d{1,10})\/?$/.exec(path);
  if (model) return byNumber(db, Number(model[1]), 'model');
  return [];
}

const lookups: Readonly<Partial<Record<RecordKind, (db: Database, id: number) => Promise<FoundRecord[]>>>> = {
  customer: customerById,
  charge: chargeById,
  project: projectById,
  profile: profileById,
  model: modelById,
};

/** A number names a customer, a charge, a project, a profile or a model: each one primary-key probe. */
async function byNumber(db: Database, id: number, of?: RecordKind): Promise<FoundRecord[]> {
  if (id > 2_147_483_647) return [];
  const kinds = of ? [of] : (Object.keys(lookups) as RecordKind[]);
  const found = await Promise.all(kinds.map((kind) => lookups[kind]?.(db, id) ?? Promise.resolve([])));
  return found.flat();
}

async function records(db: Database, identifier: Identifier): Promise<FoundRecord[]> {
  switch (identifier.kind) {
    case 'number':
      return byNumber(db, identifier.id, identifier.of);
    case 'invoice':
      return chargeById(db, identifier.chargeId, identifier.year);
    case 'path':
      return byPath(db, identifier.path);
    case 'slug':
      return bySlug(db, identifier.slug, () => true);
    case 'promotion_token': {
      // The stored URL ends with the token (its origin is the deployment's): a scan of the marketers' few links.
      const tail = `/p/${identifier.token}`;
      const rows = await db
        .select()
        .from(promotionLinks)
        .where(sql`right(${promotionLinks.url}, ${tail.length}) = ${tail}`)
        .limit(1);
      return rows.map(promotionRecord);
    }
    default:
      return [];
  }
}

/** Whether to run the customer search for the text too: names, e-mails and numbers; not paths, invoices or links. */
function searchesCustomers(identifier: Identifier | undefined): boolean {
  return !identifier || identifier.kind === 'email' || identifier.kind === 'number' || identifier.kind === 'slug';
}

/**
 * The palette's one call per settled query: the records the text names as an identifier (domain/identifiers.ts),
 * only of kinds the caller may open, then the customers the search finds for it (server/users/search.ts), without
 * the customer already found. Every lookup is one index probe; unknown ids and foreign addresses find nothing.
 */
export const findForPalette = handle(
  api.palette.find,
  async ({ db, query, staff, can }) => {
    const identifier = parseIdentifier(query.q);
    const allowed = (kind: RecordKind) => can(permissionOf[kind]);
    const searchText = identifier?.kind === 'number' ? String(identifier.id) : query.q;
    const [found, rows] = await Promise.all([
      identifier ? records(db, identifier) : Promise.resolve([]),
      searchesCustomers(identifier) && (identifier?.kind !== 'number' || !identifier.of)
        ? rankedCustomers(db, searchText)
        : Promise.resolve([]),
    ]);
    const visible = found.filter((record) => allowed(record.kind));
    const shown = new Set(visible.filter((record) => record.kind === 'customer').map((record) => record.key));
    const customersFound = rows.filter((row) => !shown.has(String(row.id))).map((row) => customerRow(row, staff.role));
    return { records: visible, customers: customersFound };
  },
  { transaction: false },
);
