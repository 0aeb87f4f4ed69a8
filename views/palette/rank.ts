import { matchClassOf, prepareQuery, type Query, tiePointsOf } from './match';

export { type MatchClass, matchClassOf, prepareQuery } from './match';

/** Something the palette can list: a stable value (a command id, `user:<id>`) and its precomputed search text. */
export interface RankItem {
  value: string;
  /** The name matched first, in lower case (a command's title, a customer's name), computed once per list. */
  lower: string;
  /** Extra words (aliases, e-mail, id) in lower case, space-separated; matched below any match of the name. */
  keywordsLower: string;
  /** Added within a match class: ranks the customer in context first among equal matches. At most `maxBoost`. */
  boost: number;
  /** Letters in order ("sndinv") may find it, as the last resort: commands, not thousands of customers. */
  fuzzy?: boolean;
  /** Where the title ends in `lower` when the customer's name follows it (see `Matchable`). */
  titleLength?: number;
}

/** An item with its score, best first. */
export interface Ranked<T> {
  item: T;
  score: number;
}

/**
 * A score is `class × classStep + boost + frecency points + tie points`: together they stay under one step, so the
 * match class always decides first, then the context, then frecency, then where the query matched (`tiePointsOf`),
 * then the list's order (the sort is stable).
 */
export const classStep = 100;
/** The most a boost may add. */
export const maxBoost = 40;
/** The most frecency adds. */
const frecencyPoints = 50;

/** Frecency (runs weighted by age, see commands/recents.ts) as points: diminishing, under `frecencyPoints`. */
export function frecencyPointsOf(frecency: number | undefined): number {
  if (!frecency || frecency <= 0) return 0;
  return (frecencyPoints * frecency) / (frecency + 2);
}

/** A score for one item against a query; 0 = no match. */
export function scoreOf(item: RankItem, query: Query | string, frecency: ReadonlyMap<string, number>): number {
  const match = matchClassOf(item, query);
  if (match === 0) return 0;
  // boost ≤ 40, frecency < 50, tie points ≤ 9: under one class step.
  const needle = typeof query === 'string' ? prepareQuery(query) : query;
  return (
    match * classStep +
    Math.min(item.boost, maxBoost) +
    frecencyPointsOf(frecency.get(item.value)) +
    tiePointsOf(item, needle)
  );
}

/**
 * The best `limit` items for a query, best first; ties keep the list's order. One pass over precomputed lower-case
 * text and a bounded insertion into the kept items: fast at tens of thousands of items.
 */
export function rankItems<T extends RankItem>(
  items: readonly T[],
  query: string,
  frecency: ReadonlyMap<string, number> = new Map(),
  limit = 50,
): T[] {
  return rankScored(items, query, frecency, limit).map((entry) => entry.item);
}

/** `rankItems`, keeping each item's score (to merge other results between match classes). */
export function rankScored<T extends RankItem>(
  items: readonly T[],
  query: string,
  frecency: ReadonlyMap<string, number> = new Map(),
  limit = 50,
): Ranked<T>[] {
  const needle = prepareQuery(query);
  const kept: Ranked<T>[] = [];
  for (const item of items) {
    const score = scoreOf(item, needle, frecency);
    if (score <= 0) continue;
    if (kept.length === limit && score <= (kept[limit - 1]?.score ?? 0)) continue;
    let at = kept.length;
    while (at > 0 && (kept[at - 1]?.score ?? 0) < score) at -= 1;
    kept.splice(at, 0, { item, score });
    if (kept.length > limit) kept.pop();
  }
  return kept;
}

/**
 * Places results ranked elsewhere (the server's customer search, already in its order) among local ones at a fixed
 * score (e.g. between two match classes). Values already present are skipped.
 */
export function mergeRanked<T extends { value: string }>(
  local: readonly Ranked<T>[],
  remote: readonly T[],
  remoteScore: number,
  limit = 50,
): T[] {
  const seen = new Set(local.map((entry) => entry.item.value));
  const fresh = remote.filter((item) => !seen.has(item.value));
  const before = local.filter((entry) => entry.score >= remoteScore).map((entry) => entry.item);
  const after = local.filter((entry) => entry.score < remoteScore).map((entry) => entry.item);
  return [...before, ...fresh, ...after].slice(0, limit);
}
