import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { isRole, roles } from '../domain/roles';
import { hashPassword } from './auth/passwords';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { staff } from './db/schema/staff';

/**
 * Staff accounts from the command line:
 *   npm run staff -- add --email x@y.z --role ADMIN [--first-name A --last-name B]   (password asked, or read from stdin)
 *   npm run staff -- deactivate --email x@y.z
 *   npm run staff -- list
 */
const usage = `usage:
  npm run staff -- add --email <e-mail> --role <${roles.join('|')}> [--first-name <name>] [--last-name <name>]
  npm run staff -- deactivate --email <e-mail>
  npm run staff -- activate --email <e-mail>
  npm run staff -- list`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

/** Reads the password: hidden at a terminal prompt, or the first line of stdin when piped. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return '';
  }
  process.stdout.write('Password (at least 10 characters): ');
  process.stdin.setRawMode(true);
  let password = '';
  for await (const chunk of process.stdin) {
    for (const char of String(chunk)) {
      if (char === '\r' || char === '\n') {
        process.stdin.setRawMode(false);
        process.stdout.write('\n');
        process.stdin.pause();
        return password;
      }
      if (char === '\u0003') process.exit(130);
      password = char === '\u007f' ? password.slice(0, -1) : password + char;
    }
  }
  return password;
}

const command = positionals[0];
if (!command || !['add', 'deactivate', 'activate', 'list'].includes(command)) fail('Unknown or missing command.');
const email = values.email?.trim().toLowerCase();
if (command !== 'list' && (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)))
  fail('--email must be an e-mail address.');

const config = loadConfig(process.env);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const { db } = database;
  if (command === 'list') {
    const rows = await db.select().from(staff).orderBy(staff.id);
    for (const row of rows)
      console.log(`${row.id}\t${row.email}\t${row.role}\t${row.active ? 'active' : 'deactivated'}`);
  } else if (command === 'add') {
    const role = values.role?.toUpperCase();
    if (!isRole(role)) fail(`--role must be one of ${roles.join(', ')}.`);
    const password = await readPassword();
    if (password.length < 10) fail('The password must have at least 10 characters.');
    const [existing] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.email, email as string));
    if (existing) fail(`A staff account with e-mail ${email} exists already.`);
    const [local = 'Staff'] = (email as string).split('@');
    await db.insert(staff).values({
      email: email as string,
      role,
      firstName: values['first-name'] ?? local,
      lastName: values['last-name'] ?? '',
      passwordHash: await hashPassword(password),
    });
    console.log(`Created ${email} (${role}).`);
  } else {
    const active = command === 'activate';
    const updated = await db
      .update(staff)
      .set({ active, deactivatedAt: active ? null : new Date().toISOString() })
      .where(eq(staff.email, email as string))
      .returning({ id: staff.id });
    if (!updated.length) fail(`No staff account with e-mail ${email}.`);
    console.log(
      `${active ? 'Activated' : 'Deactivated'} ${email}; ${active ? '' : 'its sessions are rejected from now on.'}`,
    );
  }
} finally {
  await database.close();
}
