import { permitted } from '../../commands/access';
import type { Command } from '../../commands/define';
import { quickActionCommands } from '../../commands/quick-actions';
import type { UserTarget } from '../../commands/target';
import type { Identifier } from '../../domain/identifiers';
import type { FoundRecord } from '../../domain/palette';
import type { Role } from '../../domain/roles';
import { type CommandEntry, commandEntry, contextEntry, type FoundEntry, type PaletteEntry } from './entries';

/** The most commands listed under a found record. */
export const maxRecordCommands = 6;

const kindLabels: Readonly<Record<FoundRecord['kind'], string>> = {
  customer: 'Customer',
  charge: 'Charge',
  project: 'Project',
  profile: 'Profile',
  model: 'Model',
  partner: 'Partner',
  short_link: 'Short link',
  promotion: 'Promotion link',
};

/** The row kinds whose commands take the record's id as `<kind>_id` (`project_id`), with its customer as target. */
const rowKinds = ['charge', 'project', 'profile'] as const;

function foundEntry(record: FoundRecord, target: UserTarget | undefined): FoundEntry {
  return {
    kind: 'found',
    value: `found:${record.kind}:${record.key}`,
    label: record.title,
    lower: record.title.toLowerCase(),
    keywordsLower: '',
    boost: 0,
    group: `Found: ${kindLabels[record.kind].toLowerCase()}`,
    detail: record.detail,
    path: record.path,
    ...(target ? { target } : {}),
  };
}

/** The commands of a found record, right under it: a customer's actions, or a charge's, project's, profile's. */
function commandsOf(
  record: FoundRecord,
  target: UserTarget | undefined,
  commands: readonly Command[],
  role: Role | null,
  frecency: ReadonlyMap<string, number>,
): CommandEntry[] {
  if (!target) return [];
  const group = `${record.title}: commands`;
  let listed: CommandEntry[] = [];
  if (record.kind === 'customer') {
    listed = commands.flatMap((command) => {
      if (command.target !== 'user' || command.kind !== 'action' || !permitted(command, role)) return [];
      const entry = contextEntry(command, role, target);
      return entry && !entry.disabledReason ? [{ ...entry, value: `${command.id}@found:${target.id}`, group }] : [];
    });
  } else if ((rowKinds as readonly string[]).includes(record.kind)) {
    const ids = new Set<string | null>(Object.values(quickActionCommands[record.kind as (typeof rowKinds)[number]]));
    listed = commands.flatMap((command) =>
      ids.has(command.id) && permitted(command, role)
        ? [
            commandEntry(command, group, `${command.title} #${record.key}`, {
              value: `${command.id}@found:${record.kind}:${record.key}`,
              target,
              prefill: { [`${record.kind}_id`]: record.key },
            }),
          ]
        : [],
    );
  }
  const score = (entry: CommandEntry) => frecency.get(entry.commandId) ?? 0;
  return listed.sort((a, b) => score(b) - score(a)).slice(0, maxRecordCommands);
}

interface FoundInput {
  records: readonly FoundRecord[];
  identifier: Identifier | undefined;
  commands: readonly Command[];
  role: Role | null;
  frecency: ReadonlyMap<string, number>;
}

/**
 * What a pasted identifier found, listed before anything else: each record with its commands right under it; for a
 * route of the console, the page itself (its `?run=` deep link kept) when the server names no record for it.
 */
export function foundEntries({ records, identifier, commands, role, frecency }: FoundInput): PaletteEntry[] {
  const listed: PaletteEntry[] = [];
  for (const record of records) {
    const owner = record.customer;
    const target: UserTarget | undefined = owner
      ? { kind: 'user', id: owner.id, name: owner.name, email: owner.email }
      : undefined;
    listed.push(foundEntry(record, target), ...commandsOf(record, target, commands, role, frecency));
  }
  if (identifier?.kind === 'path') {
    const path = `${identifier.path}${identifier.search}`;
    const page: FoundEntry = {
      kind: 'found',
      value: `found:page:${path}`,
      label: `Open ${path}`,
      lower: path.toLowerCase(),
      keywordsLower: '',
      boost: 0,
      group: 'Found: page',
      detail: identifier.search.includes('run=') ? 'opens the command it names, for you to confirm' : 'a page of Loupe',
      path,
    };
    const first = records[0];
    // A customer's page with `?run=`: open it (the deep link asks); else the record first, the page after.
    if (first && !identifier.search) listed.push(page);
    else listed.unshift(page);
  }
  return listed;
}
