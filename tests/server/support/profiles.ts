import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { charges, models, profileShares, profiles, projects } from '../../../server/db/schema';

type ProfileInput = typeof profiles.$inferInsert;
type ModelInput = typeof models.$inferInsert;

/** Inserts a profile of `customerId` (a READY creator profile unless overridden). */
export async function insertProfile(db: Database, customerId: number, overrides: Partial<ProfileInput> = {}) {
  const [row] = await db
    .insert(profiles)
    .values({ customerId, name: 'Wedding Warm', state: 'READY', builtWith: 'LIGHTROOM_CATALOG', ...overrides })
    .returning();
  if (!row) throw new Error('profile not inserted');
  return row;
}

/**
 * Inserts models of a profile, oldest first, one a day from `2026-01-0n`, with the given states; `current` names the
 * index of the one the profile edits with now (default: none).
 */
export async function insertModels(
  db: Database,
  profile: { id: number; customerId: number },
  states: readonly ModelInput['state'][],
  current?: number,
) {
  const rows = await db
    .insert(models)
    .values(
      states.map((state, index) => ({
        profileId: profile.id,
        customerId: profile.customerId,
        name: `Model ${index + 1}`,
        state,
        type: 'RAW' as const,
        photos: 500 * (index + 1),
        failReason: state === 'FAIL' ? 'Too few photos' : null,
        createdAt: `2026-01-${String(index + 1).padStart(2, '0')}T10:00:00Z`,
      })),
    )
    .returning();
  if (current !== undefined) {
    await db
      .update(profiles)
      .set({ currentModelId: rows[current]?.id ?? null })
      .where(eq(profiles.id, profile.id));
  }
  return rows;
}

/** Shares a profile with an address (and the customer who has it, when registered). */
export async function shareProfile(db: Database, profileId: number, email: string, recipientId: number | null = null) {
  await db.insert(profileShares).values({ profileId, email, recipientId });
}

/** Inserts a project (an editing EDIT project unless overridden). */
export async function insertProject(
  db: Database,
  customerId: number,
  overrides: Partial<typeof projects.$inferInsert> = {},
) {
  const [row] = await db
    .insert(projects)
    .values({ customerId, kind: 'EDITING', projectType: 'EDIT', name: 'Smith wedding', status: 'READY', ...overrides })
    .returning();
  if (!row) throw new Error('project not inserted');
  return row;
}

/**
 * A project billed by a succeeded charge of its customer, so its total is refundable (only what was paid is; a
 * refund as credit needs no provider charge behind it).
 */
export async function insertBilledProject(db: Database, customerId: number, totalCharge: number) {
  const [charge] = await db
    .insert(charges)
    .values({
      customerId,
      kind: 'CHARGE',
      status: 'SUCCEEDED',
      amount: totalCharge,
      currency: 'EUR',
      purpose: 'SUBSCRIPTION',
      description: 'Subscription: March 2026',
      chargingVendor: 'Stripe',
    })
    .returning();
  if (!charge) throw new Error('charge not inserted');
  return insertProject(db, customerId, { totalCharge, paid: true, chargeId: charge.id });
}
