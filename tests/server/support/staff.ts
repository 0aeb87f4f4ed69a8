import { hashPassword } from '../../../server/auth/passwords';
import type { Database } from '../../../server/db/client';
import { staff } from '../../../server/db/schema';
import { fixtureHashCost } from './test-api';

let counter = 0;

/** A staff member of a role (password 'correct horse battery'), for acting on. */
export async function insertStaff(db: Database, role: string, active = true): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(staff)
    .values({
      email: `member${Date.now().toString(36)}${counter}@staff.example`,
      firstName: 'Member',
      lastName: `No ${counter}`,
      role,
      active,
      passwordHash: await hashPassword('correct horse battery', fixtureHashCost),
    })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff not inserted');
  return row.id;
}
