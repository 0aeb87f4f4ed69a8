import { Command } from 'cmdk';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { bulkCommandsFor, startBulk } from '../../commands/bulk/flow';
import { bulkSelection } from '../../commands/bulk/selection';
import { allCommands } from '../../commands/index';
import { navigateTo, userPath } from '../../commands/navigate';
import { closePalette, paletteState } from '../../commands/palette-state';
import { frecencies, recents, rememberUser } from '../../commands/recents';
import { type FocusedRecord, recordContext } from '../../commands/record-context';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import { api } from '../../domain/api';
import { maxIdentifierLength } from '../../domain/identifiers';
import { can } from '../../domain/permissions';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { approvalEntries } from './approval-entries';
import { EntryList } from './EntryList';
import { bulkEntries, customerEntries, idleEntries, type PaletteEntry, rootEntries } from './entries';
import { foundEntries } from './found-entries';
import { classStep, mergeRanked, rankScored } from './rank';
import { useAutoSelect } from './useAutoSelect';
import { usePaletteFind } from './usePaletteFind';

/** Where the server's customers rank among local matches: below word-start matches, above substring ones. */
export const customerScore = 4 * classStep;
/** The most items the list renders, whatever matches. */
export const maxListed = 50;

/**
 * Opens a customer's page, or starts a command (for the context customer when it has one). A disabled command does
 * not run: the answer is why, for the palette to say.
 */
export function selectEntry(entry: PaletteEntry): string | undefined {
  if (entry.kind === 'user') {
    rememberUser(entry.target);
    closePalette();
    navigateTo(userPath(entry.target.id));
    return undefined;
  }
  if (entry.kind === 'found') {
    if (entry.target && entry.value.startsWith('found:customer:')) rememberUser(entry.target);
    closePalette();
    navigateTo(entry.path);
    return undefined;
  }
  if (entry.disabledReason) return `${entry.label}: ${entry.disabledReason}.`;
  if (entry.bulk) {
    const selection = bulkSelection.current;
    if (selection) startBulk(entry.commandId, selection);
    return selection ? undefined : 'Nothing is selected any more.';
  }
  void runCommand(entry.commandId, {
    target: entry.target,
    origin: 'palette',
    ...(entry.prefill ? { prefill: entry.prefill } : {}),
    ...(entry.straight ? { straightToConfirm: true } : {}),
  });
  return undefined;
}

/** Identifiers that may also be a command's or a customer's words. */
const ambiguousKinds: ReadonlySet<string> = new Set(['email', 'number', 'slug']);

/** "Nothing found for “…”": what was typed, cut to a line (a pasted ticket can be 100 kB). */
export function nothingFoundFor(typed: string): string {
  const text = typed.trim().replace(/\s+/g, ' ');
  return `Nothing found for “${text.length > 60 ? `${text.slice(0, 60)}…` : text}”.`;
}

interface RootPageProps {
  pageTarget: UserTarget | undefined;
  selected: string;
  onSelectedChange: (value: string) => void;
}

/** The first page: the role's commands (the open customer's first), recent customers, and the live customer search. */
export function RootPage({ pageTarget, selected, onSelectedChange }: RootPageProps) {
  const { search } = useSnapshot(paletteState);
  const { userRole, userID } = useSession();
  const { data: waiting } = useCall(api.approvals.list, can(userRole, 'refund') ? {} : null);
  const toDecide = useMemo(
    () => approvalEntries(Array.isArray(waiting) ? waiting : [], userID, allCommands),
    [waiting, userID],
  );
  const recent = useSnapshot(recents);
  const { record } = useSnapshot(recordContext);
  const entries = useMemo(
    () =>
      rootEntries({
        commands: allCommands,
        role: userRole,
        pageTarget,
        recentUsers: recent.users,
        record: record as FocusedRecord | undefined,
      }),
    [userRole, pageTarget, recent.users, record],
  );
  const selection = useSnapshot(bulkSelection).current;
  const selectedCount = selection?.count ?? 0;
  const forSelection = useMemo(
    () => (selectedCount > 0 ? bulkEntries(bulkCommandsFor(userRole), selectedCount) : []),
    [selectedCount, userRole],
  );
  const frecency = useMemo(() => frecencies(recent), [recent]);
  const found = usePaletteFind(search);
  const { records, customers, identifier } = found;
  const listed = useMemo(() => {
    if (search.trim() === '')
      return [...forSelection, ...idleEntries(entries, frecency, maxListed)].slice(0, maxListed);
    const first = foundEntries({ records, identifier, commands: allCommands, role: userRole, frecency });
    // An address, an invoice number or a ticket is not a command's name: only what it found is listed. A word that may
    // be a slug or a ref ("partn") is still matched against the commands.
    // A text longer than any identifier is a pasted ticket, never a command's name: it is not ranked (ranking 100 kB
    // against every command cost more than the server's answer).
    const long = search.trim().length > maxIdentifierLength;
    const ticket = long || (identifier !== undefined && /\s/.test(search.trim()));
    const ranked =
      long || (identifier && (ticket || !ambiguousKinds.has(identifier.kind)))
        ? []
        : rankScored([...forSelection, ...entries, ...toDecide], search, frecency, maxListed);
    const taken = new Set(first.map((entry) => entry.value));
    const rest = mergeRanked(ranked, customerEntries(customers), customerScore, maxListed).filter(
      (entry) => !taken.has(entry.value) && !(entry.kind === 'user' && taken.has(`found:customer:${entry.target.id}`)),
    );
    return [...first, ...rest].slice(0, maxListed);
  }, [forSelection, entries, toDecide, search, frecency, records, customers, identifier, userRole]);
  /** The first runnable entry is highlighted; a disabled one only when nothing else matches (Enter then says why). */
  const values = useMemo(() => {
    const runnable = listed.filter((entry) => entry.kind !== 'command' || !entry.disabledReason);
    return (runnable.length > 0 ? runnable : listed).map((entry) => entry.value);
  }, [listed]);
  useAutoSelect(values, selected, onSelectedChange);
  /** Why the chosen entry cannot run, until something else is typed. */
  const [refusal, setRefusal] = useState<{ search: string; text: string }>();

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Backspace' && event.currentTarget.value === '') event.preventDefault();
  }

  return (
    <>
      <Command.Input
        autoFocus
        value={search}
        onValueChange={(value) => {
          paletteState.search = value;
        }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
        placeholder="Type a command, or a customer’s name, e-mail or id…"
        className="w-full border-b border-line bg-transparent px-3 py-3 text-base text-fg placeholder:text-faint focus:outline-none"
      />
      {refusal && refusal.search === search ? (
        <p role="alert" className="border-b border-line px-3 py-2 text-sm text-fg">
          {refusal.text}
        </p>
      ) : null}
      <EntryList
        entries={listed}
        onSelect={(entry) => {
          const text = selectEntry(entry);
          setRefusal(text ? { search, text } : undefined);
        }}
        empty={found.answered ? nothingFoundFor(search) : ''}
        searching={found.searching}
      />
    </>
  );
}
