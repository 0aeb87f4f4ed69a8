import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | null = null;

/**
 * Whether a password is on the list of the ~49,000 most common passwords (@zxcvbn-ts/language-common), compared
 * lower-case: the one rule besides the length (no composition rules: README, Staff).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
