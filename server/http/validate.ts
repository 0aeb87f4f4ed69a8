import type { z } from 'zod';
import { fail } from './errors';
import { hasLoneSurrogate, storableText } from './text';

type Issue = z.core.$ZodRawIssue;

function plural(count: number | bigint, word: string): string {
  return `${count} ${word}${Number(count) === 1 ? '' : 's'}`;
}

/** Messages for the issues our schemas leave to zod's defaults; a schema's own message always wins. */
function messageFor(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.expected === 'object' || issue.expected === 'array' ? 'an' : 'a'} ${issue.expected}`;
    case 'unrecognized_keys':
      return 'is not an accepted field';
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${plural(issue.maximum, 'character')}`;
      if (issue.origin === 'array') return `must have at most ${plural(issue.maximum, 'item')}`;
      return `must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
      }
      if (issue.origin === 'array') return `must have at least ${plural(issue.minimum, 'item')}`;
      return `must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return undefined;
  }
}

/** What PostgreSQL cannot store in text or jsonb: a NUL character, or a lone UTF-16 surrogate (no valid UTF-8). */
type BadText = 'nul' | 'surrogate';

function badText(text: string): BadText | null {
  if (text.includes('\u0000')) return 'nul';
  return hasLoneSurrogate(text) ? 'surrogate' : null;
}

/** The first string (value or key) that cannot be stored, with its path; null when all can. Input is depth-capped. */
function badTextAt(value: unknown, path: string[] = []): { path: string[]; problem: BadText } | null {
  if (typeof value === 'string') {
    const problem = badText(value);
    return problem ? { path, problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const keyProblem = badText(key);
    if (keyProblem) return { path: [...path, storableText(key)], problem: keyProblem };
    const found = badTextAt(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

const badTextMessage: Record<BadText, string> = {
  nul: 'must not contain NUL characters',
  surrogate: 'must be valid Unicode text (it holds an unpaired surrogate)',
};

/**
 * Parses one part of a request (`params`, `query`, `body`) or throws 400 `validation_failed` naming the field and the
 * reason, e.g. `{detail: "reason: choose one of the listed reasons", field: "reason"}`.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  part: 'params' | 'query' | 'body',
): z.output<S> {
  const bad = badTextAt(input);
  if (bad) {
    const field = bad.path.length > 0 ? bad.path.join('.') : part;
    throw fail('validation_failed', { detail: `${field}: ${badTextMessage[bad.problem]}`, field });
  }
  const result = schema.safeParse(input, { error: (issue) => messageFor(issue) });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw fail('validation_failed');
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  if (path.length === 0) {
    const what = part === 'body' ? 'The request body' : part === 'query' ? 'The query string' : 'The path';
    throw fail('validation_failed', { detail: `${what}: ${issue.message}`, field: part });
  }
  const field = path.map(String).join('.');
  throw fail('validation_failed', { detail: `${field}: ${issue.message}`, field });
}
