/**
 * Text PostgreSQL cannot store: text and jsonb refuse a NUL character, and a lone UTF-16 surrogate has no UTF-8 form.
 * (Our TypeScript lib predates `String.prototype.isWellFormed`, hence the pattern.)
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when the text holds an unpaired surrogate (e.g. the JSON text `"\ud800"`). */
export function hasLoneSurrogate(text: string): boolean {
  loneSurrogate.lastIndex = 0;
  return loneSurrogate.test(text);
}

/** The text without NUL characters and with each unpaired surrogate replaced by U+FFFD: always storable. */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(loneSurrogate, '\uFFFD');
}
