/**
 * How well a palette item matches what is typed, best first:
 * 6 the name starts with the query ("send i" → Send invoice to customer), or its letters are the initials of the
 *   name's first words ("si" → Send invoice to customer, "cc" → Change currency: initials are typed on purpose);
 * 5 the query's words start consecutive words of the name ("cha cur" → Change currency, "inv to" → …invoice to…);
 * 4 word starts: the query starts a word ("inv" → Download invoice), or its words start words in order;
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
  /** Where the title ends in `lower` when a name follows it (a command for the customer in context). */
  titleLength?: number;
}

/** A query prepared once per keystroke (not per item): trimmed, lower-case, single spaces, and its words. */
export interface Query {
  text: string;
  words: readonly string[];
  /** Without spaces, for letters in order. */
  letters: string;
}

export function prepareQuery(typed: string): Query {
  const text = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  return { text, words: text === '' ? [] : text.split(' '), letters: text.replaceAll(' ', '') };
}

/** The match class of an item for a query (prepared once per keystroke when ranking many items). */
export function matchClassOf(item: Matchable, typed: Query | string): MatchClass {
  const query = typeof typed === 'string' ? prepareQuery(typed) : typed;
  const { text: needle, words } = query;
  if (needle === '') return 1;
  const text = item.lower;
  if (words.length === 1) {
    const index = text.indexOf(needle);
    if (index === 0) return 6;
    // Found only in the customer's name after the title: initials still win ("la" is Login as on Isabella's page).
    if (index > 0 && index >= (item.titleLength ?? text.length) && isAcronym(text, needle)) return 6;
    if (index > 0) return startsAWord(text, needle, index) ? 4 : 3;
    if (isAcronym(text, needle)) return 6;
  } else if (text.indexOf(words[0] as string) >= 0) {
    if (text.startsWith(needle)) return 6;
    if (consecutiveWordPrefixes(text, words)) return 5;
    if (wordPrefixesInOrder(text, words)) return 4;
    if (text.includes(needle)) return 3;
  }
  if (item.keywordsLower && keywordMatch(item.keywordsLower, text, words)) return 2;
  if (item.fuzzy && query.letters.length > 1 && lettersInOrder(text, query.letters)) return 1;
  return 0;
}

/**
 * Orders items within one match class (0–9, higher first): the whole name typed (9), the query's letters as the
 * initials of its first words ("si" → Send invoice, 9: two letters are initials more often than a word's start),
 * then the earlier the query starts in the name the better ("inv" → Send invoice before Download invoice).
 */
export function tiePointsOf(item: Matchable, query: Query): number {
  const text = item.lower;
  if (query.text === '' || text === query.text) return query.text === '' ? 0 : 9;
  if (query.words.length === 1 && isAcronym(text, query.letters)) return 9;
  const index = text.indexOf(query.words[0] as string);
  return index < 0 ? 0 : Math.max(0, 8 - Math.floor(index / 3));
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

/** Each word of the query starts the next word of the text, from some word on: "change c" in "change currency". */
function consecutiveWordPrefixes(text: string, words: readonly string[]): boolean {
  const first = words[0] as string;
  for (let start = text.indexOf(first); start >= 0; start = text.indexOf(first, start + 1)) {
    if (!isWordStart(text, start)) continue;
    let at = start;
    let all = true;
    for (const word of words) {
      if (at >= text.length || !text.startsWith(word, at)) {
        all = false;
        break;
      }
      at = nextWordStart(text, at + word.length - 1);
    }
    if (all) return true;
  }
  return false;
}

/** Each token starts some word, in order, words in between allowed: "send cust" in "send invoice to customer". */
function wordPrefixesInOrder(text: string, words: readonly string[]): boolean {
  let from = 0;
  for (const token of words) {
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
function keywordMatch(keywords: string, name: string, words: readonly string[]): boolean {
  for (const word of words) {
    const inKeywords = keywords.indexOf(word);
    if (inKeywords >= 0 && startsAWord(keywords, word, inKeywords)) continue;
    if (words.length === 1) return false;
    const inName = name.indexOf(word);
    if (inName >= 0 && startsAWord(name, word, inName)) continue;
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
