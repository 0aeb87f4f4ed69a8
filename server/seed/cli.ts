import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig, readEnvironment } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { fileStoreFrom } from '../files/choose-store';
import { seedDatabase } from './generate';

/**
 * `npm run seed -- --users 1000000 [--seed 42] [--staff] [--reset]`: fills the configured database
 * (`DATABASE_URL`, else the embedded one under `DATA_DIR`) with deterministic demo customers.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '5000' },
    seed: { type: 'string', default: '42' },
    staff: { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('npm run seed -- --users N [--seed S] [--staff] [--reset]\n  --reset   delete existing customers first');
  process.exit(0);
}

const customers = Number(values.users);
if (!Number.isInteger(customers) || customers < 0 || customers > 20_000_000) {
  console.error('--users must be a whole number between 0 and 20,000,000');
  process.exit(2);
}

const config = loadConfig(process.env);
// Promotion links are signed with the server's secret: without one (DATABASE_URL and no JWT_SECRET) none are made.
const links = await readEnvironment(process.env)
  .then((env) => ({ secret: env.config.jwtSecret, publicUrl: env.config.publicUrl }))
  .catch(() => undefined);
if (!links) console.log('No promotion links in the demo: the server settings (JWT_SECRET, PUBLIC_URL) are not set.');
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const existing = (await database.db.execute(sql`SELECT count(*)::int AS n FROM customers`)) as unknown as
    | { rows: { n: number }[] }
    | { n: number }[];
  const count = Number((Array.isArray(existing) ? existing[0]?.n : existing.rows[0]?.n) ?? 0);
  if (count > 0 && !values.reset) {
    console.log(`The database already holds ${count} customers; adding ${customers} more (use --reset to start over).`);
  }
  if (values.reset)
    await database.db.execute(
      sql`TRUNCATE customers, last_viewed, customer_credits, customer_notifications, activity_events, outbox, login_as_links, charges RESTART IDENTITY CASCADE`,
    );
  const started = Date.now();
  let last = started;
  const result = await seedDatabase(database.db, {
    customers,
    seed: Number(values.seed),
    staff: values.staff,
    marketing: { files: fileStoreFrom(), ...(links ? { links } : {}) },
    onProgress: (written) => {
      if (Date.now() - last > 2000) {
        last = Date.now();
        console.log(`  ${written.toLocaleString('en-US')} customers…`);
      }
    },
  });
  if (database.kind === 'pglite') await database.db.execute(sql`CHECKPOINT`);
  console.log(
    `Seeded ${result.customers.toLocaleString('en-US')} customers in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  for (const account of result.staff) console.log(`  staff ${account.email} (${account.role}) / ${account.password}`);
} finally {
  await database.close();
}
