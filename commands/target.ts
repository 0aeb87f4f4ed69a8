import type { CustomerRow } from '../domain/users';

/** What a command can act on: a customer, or nothing. */
export type TargetKind = 'user' | 'none';

/** A customer a command acts on: from the page, the selected row, the palette's search, or a deep link. */
export interface UserTarget {
  kind: 'user';
  id: number;
  /** "Jane Doe"; "Customer #42" until the row is known. */
  name: string;
  email?: string;
  /** The row as the server sent it, when known: its status and the `quick_actions` it offers. */
  row?: CustomerRow;
}

/** The target a command of this kind receives. */
export type TargetOf<T extends TargetKind> = T extends 'user' ? UserTarget : undefined;

/** A customer's display name: first and last name, else the e-mail, else the id. */
export function customerName(row: Pick<CustomerRow, 'id' | 'first_name' | 'last_name' | 'email'>): string {
  const name = `${row.first_name} ${row.last_name}`.trim();
  return name || row.email || `Customer #${row.id}`;
}

/** The target for a customer row. */
export function userTarget(row: CustomerRow): UserTarget {
  return { kind: 'user', id: row.id, name: customerName(row), email: row.email, row };
}

/** A target known only by id (a deep link's `user_id`), until its row is fetched. */
export function userTargetById(id: number): UserTarget {
  return { kind: 'user', id, name: `Customer #${id}` };
}
