import type { OutcomeWords } from './define';

/** The words of a money command without its own (see `OutcomeWords`). */
export const genericOutcome: OutcomeWords = {
  checking: 'it went through',
  done: 'Done',
  notDone: 'Not done',
  record: () => ({}),
};

/** "Checking whether the credit was given…": shown while the call is asked again. */
export function checkingText(words: OutcomeWords): string {
  return `Checking whether ${words.checking}…`;
}

function clock(at: string | undefined): string | undefined {
  if (!at) return undefined;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hour12: false });
}

/** "Given at 12:03 (#4711)": the outcome learnt by asking again, from the answer. */
export function doneText(words: OutcomeWords, answer: unknown): string {
  const { at, id } = words.record(answer);
  const time = clock(at);
  return [words.done, time ? ` at ${time}` : '', typeof id === 'number' ? ` (#${id})` : ''].join('');
}

/** "Not given: nothing changed. <why>": the server refused the call it was asked again. */
export function notDoneText(words: OutcomeWords, why: string): string {
  return `${words.notDone}: nothing changed. ${why}`;
}

/** The run was closed before the outcome was known: what to do before trying again. */
export function unknownText(words: OutcomeWords): string {
  return `Stopped checking whether ${words.checking}: look before trying again.`;
}
