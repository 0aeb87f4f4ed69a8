/** Something the palette can list: a stable value (a command id, `user:<id>`) and its precomputed search text. */
export interface RankItem {
  value: string;
  /** The label in lower case, computed once when the list is built (never per keystroke). */
  lower: string;
  /** Extra words (keywords, e-mail) in lower case, space-separated; matched a little below the label. */
  keywordsLower: string;
  /** Added to every score: ranks the customer in context first. */
  boost: number;
  /** Added only while nothing is typed: orders the idle list (e.g. recent customers before commands). */
  idleBoost?: number;
}

/** An item with its score, best first. */
export interface Ranked<T> {
  item: T;
  score: number;
}

/** How well a text matches: 3 prefix, 2 at a word start, 1 anywhere, 0 not at all. */
export function matchClass(text: string, query: string): 0 | 1 | 2 | 3 {
  let index = text.indexOf(query);
  if (index < 0) return 0;
  if (index === 0) return 3;
  while (index > 0) {
    if (!isWordChar(text.charCodeAt(index - 1))) return 2;
    index = text.indexOf(query, index + 1);
  }
  return 1;
}

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code > 127;
}

/** Points per match class of the label; keyword matches score just under the same class of the label. */
const labelPoints = [0, 10, 20, 30] as const;
const keywordPoints = [0, 6, 16, 26] as const;
/** The most recency adds: less than the gap between two match classes, so the match always decides first. */
const recencyPoints = 5;

/** A score for one item: match class, then recency (rank 0 = newest), then its boost; 0 = no match. */
export function scoreOf(item: RankItem, query: string, recency: ReadonlyMap<string, number>): number {
  const recent = recency.get(item.value);
  const recentPoints = recent === undefined ? 0 : recencyPoints * (1 - recent / (recent + 4));
  if (query === '') return 1 + recentPoints + item.boost + (item.idleBoost ?? 0);
  const label = labelPoints[matchClass(item.lower, query)];
  const keyword = item.keywordsLower ? keywordPoints[matchClass(item.keywordsLower, query)] : 0;
  const match = Math.max(label, keyword);
  return match === 0 ? 0 : match + recentPoints + item.boost;
}

/**
 * The best `limit` items for a query, best first; ties keep the list's order. One pass over precomputed lower-case
 * text and a bounded insertion into the kept items: fast at tens of thousands of items.
 */
export function rankItems<T extends RankItem>(
  items: readonly T[],
  query: string,
  recency: ReadonlyMap<string, number> = new Map(),
  limit = 50,
): T[] {
  return rankScored(items, query, recency, limit).map((entry) => entry.item);
}

/** `rankItems`, keeping each item's score (to merge other results between match classes). */
export function rankScored<T extends RankItem>(
  items: readonly T[],
  query: string,
  recency: ReadonlyMap<string, number> = new Map(),
  limit = 50,
): Ranked<T>[] {
  const needle = query.trim().toLowerCase();
  const kept: Ranked<T>[] = [];
  for (const item of items) {
    const score = scoreOf(item, needle, recency);
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
 * score: below local prefix and word-start matches, above substring-only ones. Values already present are skipped.
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
