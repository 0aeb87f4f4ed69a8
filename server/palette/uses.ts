import { desc, eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { paletteUses } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { handle } from '../http/handler';

/** A use counts half after a week (as commands/recents.ts weighs them). */
const halfLifeSeconds = 7 * 24 * 60 * 60;
/** The most uses kept per staff member: the least frecent beyond are dropped. */
const keptPerStaff = 200;
/** The most the palette is sent. */
const listed = 60;

/** `weight` decayed from `used_at` to now. */
const decayed = sql<number>`${paletteUses.weight} * power(2, -extract(epoch from (now() - ${paletteUses.usedAt})) / ${halfLifeSeconds})`;

/** The caller's palette frecency, most frecent first, weights as of now. */
export const listPaletteUses = handle(api.palette.uses, async ({ db, staff }) => {
  const rows = await db
    .select({ key: paletteUses.key, weight: decayed, at: paletteUses.usedAt, label: paletteUses.label })
    .from(paletteUses)
    .where(eq(paletteUses.staffId, staff.id))
    .orderBy(desc(decayed), desc(paletteUses.usedAt))
    .limit(listed);
  return {
    uses: rows.map((row) => ({
      key: row.key,
      weight: Number(row.weight),
      at: isoTimestamp(row.at),
      label: row.label ?? null,
    })),
  };
});

/**
 * Counts uses: each adds 1 to its key's weight decayed to now (one upsert per key), and a customer's name and e-mail
 * are kept as last seen. Past `keptPerStaff` keys, the least frecent are dropped.
 */
export const recordPaletteUses = handle(api.palette.recordUses, async ({ db, body, staff }) => {
  for (const use of body.uses) {
    await db
      .insert(paletteUses)
      .values({ staffId: staff.id, key: use.key, weight: 1, label: use.label ?? null })
      .onConflictDoUpdate({
        target: [paletteUses.staffId, paletteUses.key],
        set: {
          weight: sql`${decayed} + 1`,
          usedAt: sql`now()`,
          label: use.label ? sql`excluded.label` : sql`${paletteUses.label}`,
        },
      });
  }
  await db.execute(sql`
    delete from ${paletteUses} where ${paletteUses.staffId} = ${staff.id} and ${paletteUses.key} not in (
      select ${paletteUses.key} from ${paletteUses} where ${paletteUses.staffId} = ${staff.id}
       order by ${decayed} desc limit ${keptPerStaff})`);
  return { ok: true as const };
});

export const paletteHandlers = [listPaletteUses, recordPaletteUses] as const;
