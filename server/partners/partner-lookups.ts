import { and, asc, eq, inArray } from 'drizzle-orm';
import { api } from '../../domain/api';
import { partnerTypeLabels, partnerTypes } from '../../domain/partner-vocabulary';
import { permissionTable } from '../../domain/permissions';
import type { Header } from '../../domain/tables';
import type { Database } from '../db/client';
import { staff } from '../db/schema';
import { handle } from '../http/handler';
import { staffName } from './partner-rows';
import { partnerEmailTaken, partnerRefTaken } from './partners-crud';

export const partnerTypesList = handle(api.partners.types, async () => ({
  data: partnerTypes.map((value) => ({ value, label: partnerTypeLabels[value] })),
}));

/** Active staff whose role may manage partners, by name: the owners a partner or marketing activity can have. */
export async function ownersOf(db: Database): Promise<{ id: number; name: string; email: string }[]> {
  const members = await db
    .select()
    .from(staff)
    .where(and(eq(staff.active, true), inArray(staff.role, [...permissionTable.partner_managment])))
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
  return members.map((member) => ({ id: member.id, name: staffName(member), email: member.email }));
}

/** A table's headers with the owner filter's choices: the owners' ids, labelled with their names. */
export async function withOwnerChoices(db: Database, headers: readonly Header[]): Promise<Header[]> {
  const owners = await ownersOf(db);
  return headers.map((header) =>
    header.key === 'owner_tp_user_id'
      ? {
          ...header,
          options: owners.map((owner) => String(owner.id)),
          option_labels: Object.fromEntries(owners.map((owner) => [String(owner.id), owner.name])),
        }
      : header,
  );
}

export const partnerOwners = handle(api.partners.owners, async ({ db }) => ({ data: await ownersOf(db) }), {
  transaction: false,
});

export const isPartnerEmailAvailable = handle(
  api.partners.isEmailAvailable,
  async ({ db, query }) => ({
    data: { is_partner_email_available: !(await partnerEmailTaken(db, query.email, query.partner_id ?? 0)) },
  }),
  { transaction: false },
);

export const isPartnerRefAvailable = handle(
  api.partners.isRefAvailable,
  async ({ db, query }) => ({
    data: { is_partner_ref_available: !(await partnerRefTaken(db, query.ref, query.partner_id ?? 0)) },
  }),
  { transaction: false },
);
