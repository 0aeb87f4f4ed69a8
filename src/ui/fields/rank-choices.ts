import type { FieldChoice } from './types';

/** How many choices a chooser lists at most. */
export const shownChoices = 8;

/** The id a typed text names: `1508`, `#1508`, ` # 1508 `; undefined when it is not an id. */
export function typedId(text: string): string | undefined {
  const match = /^\s*#?\s*(\d{1,15})\s*$/.exec(text);
  return match?.[1];
}

function rankOf(choice: FieldChoice, words: readonly string[], id: string | undefined): number | undefined {
  if (id !== undefined && choice.value === id) return 0;
  const name = choice.label.toLowerCase();
  const all = [name, `#${choice.value}`, ...choice.details.map((detail) => detail.toLowerCase())].join(' \u0000 ');
  if (!words.every((word) => all.includes(word))) return undefined;
  const phrase = words.join(' ');
  if (name.startsWith(phrase)) return 1;
  if (name.split(/[\s\-_/]+/).some((part) => part.startsWith(words[0] ?? ''))) return 2;
  return 3;
}

/**
 * The choices a typed fragment names, best first: the record whose id it is, then names starting with it, then names
 * with a word starting with it, then any record whose name, id, date, status or amount holds every word typed. Ties
 * keep the list's order (newest first). An empty text lists them all.
 */
export function rankChoices(choices: readonly FieldChoice[], text: string): FieldChoice[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  const id = typedId(text);
  const ranked: { choice: FieldChoice; rank: number; index: number }[] = [];
  choices.forEach((choice, index) => {
    const rank = rankOf(choice, words, id);
    if (rank !== undefined) ranked.push({ choice, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ choice }) => choice);
}
