import { type SQL, sql } from 'drizzle-orm';

/** The PostgreSQL type a column's array is sent as. */
export type ArrayType = 'int' | 'bigint' | 'text' | 'jsonb' | 'timestamptz' | 'date' | 'boolean';

const quoted = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a column name: ${name}`);
  return `"${name}"`;
};

/**
 * `insert into {table} ({columns}) select … from unnest($1::int[], $2::text[], …)`: many rows as one array parameter
 * per column, so the statement has a handful of parameters whatever the number of rows. Drizzle's `values([...])`
 * builds and type-checks a parameter per cell: at a billing batch's 500 rows, building the statements was a third of
 * the run's CPU. `rows` are keyed by column name; jsonb goes as text (the driver would send a JS array nested in the
 * array as a second dimension) and is cast back. The caller appends `on conflict …` and `returning …`.
 */
export function insertUnnest(
  table: string,
  columns: Readonly<Record<string, ArrayType>>,
  rows: readonly Readonly<Record<string, unknown>>[],
): SQL {
  const names = Object.keys(columns);
  const arrays = names.map((name) => {
    const type = columns[name] as ArrayType;
    const values = rows.map((row) => {
      const value = row[name] ?? null;
      return type === 'jsonb' && value !== null ? JSON.stringify(value) : value;
    });
    return sql`${sql.param(values)}::${sql.raw(type === 'jsonb' ? 'text' : type)}[]`;
  });
  const list = names.map(quoted).join(', ');
  const selected = names.map((name) => `given.${quoted(name)}${columns[name] === 'jsonb' ? '::jsonb' : ''}`).join(', ');
  return sql`insert into ${sql.raw(quoted(table))} (${sql.raw(list)})
    select ${sql.raw(selected)} from unnest(${sql.join(arrays, sql`, `)}) as given(${sql.raw(list)})`;
}
