import { type SQL, sql } from 'drizzle-orm';
import { type FacetKey, facetColumns, facetControls, facetKeys, isFacetKey } from '../../domain/model-facets';
import { parameterByKey, parameterIndex } from '../../domain/model-parameters';
import type { Database } from '../db/client';
import { fail } from '../http/errors';

/** A model detail's selection, checked against the model's photos: facet values and chart buckets. */
export interface PhotoSelection {
  facets: Partial<Record<FacetKey, string[]>>;
  parameters: Record<string, number[]>;
  /** The model's excluded training projects (read first: a constant list plans better than a correlated subquery). */
  excluded: number[];
}

/** Every facet's values among the model's photos, with their photo counts (all photos, no selection). */
export type FacetValues = Record<FacetKey, Map<string, number>>;

function invalid(field: string, detail: string): never {
  throw fail('model_selection_invalid', { detail: `${field}: ${detail}`, field });
}

/**
 * Checks a requested selection: an unknown sidebar key, a value none of the model's photos has, two values for a
 * radio, an unknown chart parameter or a value that is not one of its buckets is a 400 naming it.
 */
export function checkSelection(
  requested: { selection: Record<string, string[]>; parameters: Record<string, number[]> },
  values: FacetValues,
  excluded: number[],
): PhotoSelection {
  const facets: PhotoSelection['facets'] = {};
  for (const [key, chosen] of Object.entries(requested.selection)) {
    if (!isFacetKey(key)) invalid(`selection.${key}`, `"${key}" is not a sidebar key (known: ${facetKeys.join(', ')})`);
    if (chosen.length === 0) continue;
    if (facetControls[key] === 'radio' && chosen.length > 1) invalid(`selection.${key}`, 'takes one value');
    for (const value of chosen) {
      if (!values[key].has(value)) invalid(`selection.${key}`, `"${value}" is not a value of this model's photos`);
    }
    facets[key] = [...new Set(chosen)];
  }
  const parameters: Record<string, number[]> = {};
  for (const [key, buckets] of Object.entries(requested.parameters)) {
    const parameter = parameterByKey(key);
    if (!parameter) invalid(`parameters.${key}`, `"${key}" is not a statistics parameter`);
    for (const start of buckets) {
      const aligned = (start - parameter.min) % parameter.bucket === 0;
      if (!aligned || start < parameter.min || start > parameter.max) {
        invalid(`parameters.${key}`, `${start} is not the start of one of ${key}'s buckets`);
      }
    }
    if (buckets.length > 0) parameters[key] = [...new Set(buckets)];
  }
  return { facets, parameters, excluded };
}

/**
 * The SQL condition of a selection on photos `p`: photos of excluded training projects are left out (unless
 * `withExcluded`), and `except` leaves out one facet (for that facet's own counts).
 */
export function selectionCondition(
  selection: PhotoSelection,
  options: { except?: FacetKey; withExcluded?: boolean } = {},
): SQL {
  const except = options.except;
  const parts: SQL[] =
    options.withExcluded || selection.excluded.length === 0
      ? [sql`true`]
      : [sql`p.model_project_id <> all(${`{${selection.excluded.join(',')}}`}::bigint[])`];
  for (const key of facetKeys) {
    const chosen = selection.facets[key];
    if (key === except || !chosen || chosen.length === 0) continue;
    parts.push(
      sql`${sql.raw(`p.${facetColumns[key]}`)} in (${sql.join(
        chosen.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  }
  for (const [key, buckets] of Object.entries(selection.parameters)) {
    const parameter = parameterByKey(key);
    const index = parameterIndex.get(key);
    if (!parameter || index === undefined) continue;
    const ranges = buckets.map(
      (start) => sql`(p.params[${sql.raw(String(index))}] between ${start} and ${start + parameter.bucket - 1})`,
    );
    parts.push(sql`(${sql.join(ranges, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

/** Whether the selection narrows anything (facets or chart values). */
export function isNarrowed(selection: PhotoSelection): boolean {
  return Object.keys(selection.facets).length > 0 || Object.keys(selection.parameters).length > 0;
}

/**
 * Each facet's values among the model's photos: all photos, and under the selection without the facet itself. One
 * scan of the photos: a grouping set per facet, and per facet a count filtered by the rest of the selection.
 */
export async function facetCounts(db: Database, modelId: number, selection: PhotoSelection | null) {
  const columns = facetKeys.map((key) => sql.raw(`p.${facetColumns[key]}`));
  const grouped = facetKeys.map((key, index) => sql`when grouping(${columns[index]}) = 0 then ${key}`);
  const selected = facetKeys.map((key, index) => {
    const condition = selection ? selectionCondition(selection, { except: key }) : sql`true`;
    return sql`count(*) filter (where ${condition})::int as ${sql.raw(`s${index}`)}`;
  });
  const result = await db.execute<Record<string, unknown> & { key: FacetKey; value: string; photos: number }>(sql`
    select case ${sql.join(grouped, sql` `)} end as key, coalesce(${sql.join(columns, sql`, `)}) as value,
      count(*)::int as photos, ${sql.join(selected, sql`, `)}
    from model_photos p where p.model_id = ${modelId}
    group by grouping sets (${sql.join(
      columns.map((column) => sql`(${column})`),
      sql`, `,
    )})`);
  return result.rows.map((row) => ({
    key: row.key,
    value: row.value,
    photos: Number(row.photos),
    selected: Number(row[`s${facetKeys.indexOf(row.key)}`]),
  }));
}

export function facetValuesOf(rows: { key: FacetKey; value: string; photos: number }[]): FacetValues {
  const values = Object.fromEntries(facetKeys.map((key) => [key, new Map<string, number>()])) as FacetValues;
  for (const row of rows) values[row.key].set(row.value, row.photos);
  return values;
}
