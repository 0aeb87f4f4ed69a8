import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createGateway } from '../payments';
import { runBilling } from './run';

/**
 * `npm run billing -- [--as-of YYYY-MM-DD]`: bills every yearly contract up to that day (default: the database's
 * today) and prints what it did. Safe to run twice, or beside running servers on PostgreSQL: nothing is billed twice.
 * On the embedded database, stop the server first (PGlite is one process's).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'as-of': { type: 'string' } }, strict: true });
  const asOf = values['as-of'];
  // A day of the calendar: `2027-02-30` parses in JavaScript (as 2 March), so the day must come back as written.
  const day = asOf === undefined ? undefined : new Date(`${asOf}T00:00:00Z`);
  if (asOf !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || day?.toISOString().slice(0, 10) !== asOf)) {
    throw new Error(`--as-of must be a date YYYY-MM-DD, not "${asOf}"`);
  }
  const { databaseUrl, dataDir } = loadConfig();
  const database = await openDatabase({ url: databaseUrl, dataDir });
  try {
    await migrateDatabase(database);
    const gateway = createGateway({ gateway: process.env.PAYMENT_GATEWAY, db: database.db });
    const began = performance.now();
    const report = await runBilling(database.db, gateway, asOf ? { asOf } : {});
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    console.log(JSON.stringify({ ...report, seconds: Number(seconds) }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
