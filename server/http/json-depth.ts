/** The deepest nesting of objects and arrays a request body may have (deeper: 400 `json_too_deep`). */
export const maxJsonDepth = 64;

/**
 * True when JSON text nests objects and arrays deeper than `limit`, found by one pass over the text before it is
 * parsed, so nothing recursive (the parser, zod, the audit copy) ever sees a deep value. Brackets inside strings do
 * not count; malformed text is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}
