import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedDatabase } from '../../server/seed/generate';

/** Where the bench's server reads: a PostgreSQL URL, or a PGlite data directory. */
export type BenchDatabase = { url: string } | { dataDir: string };

/**
 * Migrates the database and makes sure it holds at least `customers` demo customers (reusing them when it does, else
 * starting over) and the demo staff; then refreshes every table's statistics and visibility map (VACUUM ANALYZE).
 */
export async function prepareBenchDatabase(target: BenchDatabase, customers: number): Promise<number> {
  const database = await openDatabase('url' in target ? { url: target.url } : { dataDir: target.dataDir });
  try {
    await migrate(database);
    const counted = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from customers`);
    let held = Number(counted.rows[0]?.n ?? 0);
    if (held < customers) {
      console.log(`Seeding ${customers.toLocaleString('en-US')} customers (the database held ${held})…`);
      const started = Date.now();
      if (held > 0) await database.db.execute(sql`truncate customers restart identity cascade`);
      let last = started;
      await seedDatabase(database.db, {
        customers,
        staff: true,
        onProgress: (written) => {
          if (Date.now() - last < 10_000) return;
          last = Date.now();
          console.log(`  ${written.toLocaleString('en-US')}…`);
        },
      });
      console.log(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      held = customers;
    } else {
      await seedDatabase(database.db, { customers: 0, staff: true });
    }
    // Every table, not only customers: the work and models tables are read by index-only scans (counts), which need
    // the visibility map a VACUUM sets, and planned from statistics. Cheap when nothing changed since the last run.
    await database.db.execute(database.kind === 'pg' ? sql`vacuum analyze` : sql`analyze`);
    if (database.kind === 'pglite') await database.db.execute(sql`checkpoint`);
    return held;
  } finally {
    await database.close();
  }
}
