import type { Page } from '@playwright/test';
import { permissions } from '../../domain/permissions';

/** A value written as code: two or more upper-case words joined by underscores (`SUPPORT_PL2`, `CORPORATE_CONTRACT`). */
const codeWord = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b/g;

/** Permission ids people would read as code (`user_suspension`); the one-word ones (`refund`) are plain words. */
const permissionWord = new RegExp(
  `\\b(?:${permissions.filter((permission) => permission.includes('_')).join('|')})\\b`,
  'g',
);

/**
 * Data that is a code by nature and may be shown as it is: UTM values (`utm_source=SPRING_SALE`) are typed by
 * marketers and matched letter for letter. Invoice numbers (`LP-2026-0008268`) and currency and country codes
 * (`USD`, `DE`) never match the patterns above.
 */
const allowed: readonly RegExp[] = [/\butm_[a-z]+\b/];

/** One piece of code text seen on screen, and where. */
export interface CodeSighting {
  where: string;
  text: string;
  line: string;
}

/** The code-like words in a text, each with its line, less the allowed ones. */
export function codesIn(text: string): { text: string; line: string }[] {
  const found: { text: string; line: string }[] = [];
  for (const line of text.split('\n')) {
    if (allowed.some((pattern) => pattern.test(line))) continue;
    for (const match of [...line.matchAll(codeWord), ...line.matchAll(permissionWord)]) {
      found.push({ text: match[0], line: line.trim().slice(0, 160) });
    }
  }
  return found;
}

/** Reads what a person sees (the page's rendered text, and the values of its fields) and keeps what reads as code. */
export class CodeReader {
  readonly sightings: CodeSighting[] = [];
  read = 0;
  private readonly who: string;
  constructor(
    private readonly page: Page,
    private readonly role: string,
    private readonly theme: string,
  ) {
    this.who = `${role} ${theme}`;
  }

  async check(where: string): Promise<void> {
    this.read += 1;
    const text = await this.page.evaluate(() => {
      const fields = [...document.querySelectorAll('input, textarea')]
        .filter((field) => (field as HTMLElement).offsetParent !== null)
        .map((field) => `${(field as HTMLInputElement).value}\n${(field as HTMLInputElement).placeholder}`);
      return [document.body.innerText, ...fields].join('\n');
    });
    for (const sighting of codesIn(text)) this.sightings.push({ where: `${this.who} ${where}`, ...sighting });
  }

  report(): string {
    // The figure issue 18 asks for: how many places the walk opened (pages, tabs, panes, dialogs, menus) per role.
    return `visible-code walk: ${this.role} ${this.read} places (${this.theme} theme), ${this.sightings.length} code words`;
  }
}
