import type { Role } from '../domain/roles';
import { permitted } from './access';
import type { Command } from './define';

/** One line of the keyboard help: the keys (as written on commands, e.g. `Shift+S`, `G U`) and what they do. */
export interface HelpKey {
  keys: string;
  label: string;
}

/** A titled group of the keyboard help. */
export interface HelpSection {
  title: string;
  keys: HelpKey[];
}

/** The keys every page understands, besides the commands' own shortcuts. */
export const fixedKeys: readonly HelpSection[] = [
  {
    title: 'Anywhere',
    keys: [
      { keys: 'Mod+K', label: 'Open the command palette' },
      { keys: '?', label: 'Show this list of keys' },
      { keys: 'Escape', label: 'Close a dialog, or step back in the palette' },
      { keys: 'Mod+Z', label: 'Undo the last command, while its toast offers Undo' },
    ],
  },
  {
    title: 'Lists and tabs',
    keys: [
      { keys: 'J', label: 'Next row (or ↓)' },
      { keys: 'K', label: 'Previous row (or ↑)' },
      { keys: 'Enter', label: 'Open the focused row' },
      { keys: '.', label: 'The focused row’s actions (or Shift+F10)' },
      { keys: 'ArrowLeft', label: 'Previous tab, on the tab bar (→ next)' },
    ],
  },
  {
    title: 'A model’s page',
    keys: [
      { keys: '[', label: 'The profile’s previous model, same selection' },
      { keys: ']', label: 'The profile’s next model, same selection' },
    ],
  },
  {
    title: 'Forms',
    keys: [
      { keys: 'Enter', label: 'Continue or run (in the palette)' },
      { keys: 'Mod+Enter', label: 'Save details; submit from a text area' },
    ],
  },
];

const sectionTitles: Record<Command['group'], string> = {
  Customer: 'Customer commands',
  'Go to': 'Go to',
  'Customer tabs': 'Customer tabs (on a customer’s page)',
  Operations: 'Operations',
  You: 'You',
};

/** The kind of page `?` is pressed on, for the keys that work there only. */
export type HelpPage = 'customer' | 'model' | 'other';

/** The kind of page at a path: a customer's (`/users/42/…`), a model's (`/models/7`), or any other. */
export function helpPageOf(path: string): HelpPage {
  if (/^\/users\/\d+(\/|$)/.test(path)) return 'customer';
  if (/^\/models\/\d+(\/|$)/.test(path)) return 'model';
  return 'other';
}

/**
 * Sections that only work on one kind of page. (A customer command's key works anywhere: off a customer's page the
 * runner asks which customer.)
 */
const pageSections: Readonly<Record<string, HelpPage>> = {
  [sectionTitles['Customer tabs']]: 'customer',
  'A model’s page': 'model',
};

/**
 * The keys the role can use on this page (every page's, when `page` is not given): the fixed keys, then the shortcut
 * of each command it may run, grouped as the palette groups them; the customer tabs' keys only on a customer's page, a
 * model's keys only on a model's. Read from the commands themselves, so a new shortcut shows up here by being
 * declared.
 */
export function keyboardHelp(
  commands: readonly Command[],
  role: Role | null | undefined,
  page?: HelpPage,
): HelpSection[] {
  const byGroup = new Map<string, HelpKey[]>();
  for (const command of commands) {
    if (!command.shortcut || !permitted(command, role)) continue;
    const title = sectionTitles[command.group];
    const list = byGroup.get(title) ?? [];
    list.push({ keys: command.shortcut, label: command.title });
    byGroup.set(title, list);
  }
  const [anywhere, ...rest] = fixedKeys;
  const commandSections = [...byGroup].map(([title, keys]) => ({ title, keys }));
  const all = [...(anywhere ? [anywhere] : []), ...commandSections, ...rest];
  return page === undefined ? all : all.filter((section) => (pageSections[section.title] ?? page) === page);
}
