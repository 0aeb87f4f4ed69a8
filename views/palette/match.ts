/**
 * How well a palette item matches what is typed, best first:
 * 6 the name starts with the query ("send i" → Send invoice to customer);
 * 5 the query's words start consecutive words of the name ("cha cur" → Change currency, "inv to" → …invoice to…);
 * 4 word starts: the query starts a word ("inv" → Download invoice), its words start words in order, or its letters
 *   are the initials of the first words ("cc" → Change currency);
 * 3 the name contains the query;
 * 2 its words start words of the aliases (or of the name): "logout" → Force logout, "ban" → Suspend, "go users";
 * 1 its letters appear in the name in order, from a word start ("sndinv"), for items that allow it; also every item
 *   when nothing is typed.
 * 0 no match.
 */
export type MatchClass = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** What matching reads of an item: its name and aliases in lower case. */
export interface Matchable {
  lower: string;
  keywordsLower: string;
  fuzzy?: boolean;
}

/** The match class of an item for a query already trimmed, lower-cased and with single spaces. */
export function matchClassOf(item: Matchable, query: string): MatchClass {
  if (query === '') return 1;
  const text = item.lower;
  if (query.indexOf(' ') < 0) {
    const index = text.indexOf(query);
    if (index === 0) return 6;
    if (index > 0) return startsAWord(text, query, index) ? 4 : 3;
    if (isAcronym(text, query)) return 4;
  } else {
    const tokens = query.split(' ');
    const first = tokens[0] as string;
    if (text.indexOf(first) >= 0) {
      if (text.startsWith(query)) return 6;
      if (consecutiveWordPrefixes(text, tokens)) return 5;
      if (wordPrefixesInOrder(text, tokens)) return 4;
      if (text.includes(query)) return 3;
    }
  }
  if (item.keywordsLower && keywordMatch(item.keywordsLower, text, query)) return 2;
  if (item.fuzzy && query.length > 1 && lettersInOrder(text, query.replaceAll(' ', ''))) return 1;
  return 0;
}

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code > 127;
}

function isWordStart(text: string, index: number): boolean {
  return index === 0 || (isWordChar(text.charCodeAt(index)) && !isWordChar(text.charCodeAt(index - 1)));
}

/** The query occurs at a word start, looking from its first occurrence `index` on. */
function startsAWord(text: string, query: string, index: number): boolean {
  for (let at = index; at >= 0; at = text.indexOf(query, at + 1)) {
    if (isWordStart(text, at)) return true;
  }
  return false;
}

/** The start of the word after the one at `index` (text length when none). */
function nextWordStart(text: string, index: number): number {
  let at = index;
  while (at < text.length && isWordChar(text.charCodeAt(at))) at += 1;
  while (at < text.length && !isWordChar(text.charCodeAt(at))) at += 1;
  return at;
}

/** Each token starts the next word, from some word of the text on: "change c" in "change currency". */
function consecutiveWordPrefixes(text: string, tokens: readonly string[]): boolean {
  for (let start = 0; start < text.length; start = nextWordStart(text, start)) {
    let at = start;
    let all = true;
    for (const token of tokens) {
      if (at >= text.length || !text.startsWith(token, at)) {
        all = false;
        break;
      }
      at = nextWordStart(text, at + token.length - 1);
    }
    if (all) return true;
  }
  return false;
}

/** Each token starts some word, in order, words in between allowed: "send cust" in "send invoice to customer". */
function wordPrefixesInOrder(text: string, tokens: readonly string[]): boolean {
  let from = 0;
  for (const token of tokens) {
    let found = -1;
    for (let at = text.indexOf(token, from); at >= 0; at = text.indexOf(token, at + 1)) {
      if (isWordStart(text, at)) {
        found = at;
        break;
      }
    }
    if (found < 0) return false;
    from = found + token.length;
  }
  return true;
}

/** The query's letters are the initials of the text's first words: "cc" → "change currency". */
function isAcronym(text: string, query: string): boolean {
  if (query.length < 2 || text.charCodeAt(0) !== query.charCodeAt(0)) return false;
  let at = 0;
  for (let matched = 1; matched < query.length; matched += 1) {
    at = nextWordStart(text, at);
    if (at >= text.length || text.charCodeAt(at) !== query.charCodeAt(matched)) return false;
  }
  return true;
}

/** Every word of the query starts a word of the aliases or the name, in any order: "go users", "sign out". */
function keywordMatch(keywords: string, name: string, query: string): boolean {
  for (const token of query.split(' ')) {
    const inKeywords = keywords.indexOf(token);
    if (inKeywords >= 0 && startsAWord(keywords, token, inKeywords)) continue;
    const inName = name.indexOf(token);
    if (inName >= 0 && startsAWord(name, token, inName)) continue;
    return false;
  }
  return true;
}

/** The query's letters appear in order, the first at a word start. */
function lettersInOrder(text: string, query: string): boolean {
  const first = query.charCodeAt(0);
  for (let start = 0; start < text.length; start = nextWordStart(text, start)) {
    if (text.charCodeAt(start) !== first) continue;
    let matched = 1;
    for (let at = start + 1; at < text.length && matched < query.length; at += 1) {
      if (text.charCodeAt(at) === query.charCodeAt(matched)) matched += 1;
    }
    if (matched === query.length) return true;
  }
  return false;
}
