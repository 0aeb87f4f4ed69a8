import { Command } from 'cmdk';
import { type KeyboardEvent, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { allCommands } from '../../commands/index';
import { navigateTo, userPath } from '../../commands/navigate';
import { closePalette, paletteState } from '../../commands/palette-state';
import { recencyRanks, recents, rememberUser } from '../../commands/recents';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import { useSession } from '../../src/session/store';
import { EntryList } from './EntryList';
import { customerEntries, type PaletteEntry, rootEntries } from './entries';
import { mergeRanked, rankScored } from './rank';
import { useAutoSelect } from './useAutoSelect';
import { useCustomerSearch } from './useCustomerSearch';

/** Where the server's customers rank among local matches: below prefix and word-start, above substring matches. */
const customerScore = 15.5;
/** The most items the list renders, whatever matches. */
export const maxListed = 50;

/** Opens a customer's page, or starts a command (for the context customer when it has one). */
export function selectEntry(entry: PaletteEntry): void {
  if (entry.kind === 'user') {
    rememberUser(entry.target);
    closePalette();
    navigateTo(userPath(entry.target.id));
    return;
  }
  if (entry.disabledReason) return;
  void runCommand(entry.commandId, { target: entry.target, origin: 'palette' });
}

interface RootPageProps {
  pageTarget: UserTarget | undefined;
  selected: string;
  onSelectedChange: (value: string) => void;
}

/** The first page: the role's commands (the open customer's first), recent customers, and the live customer search. */
export function RootPage({ pageTarget, selected, onSelectedChange }: RootPageProps) {
  const { search } = useSnapshot(paletteState);
  const { userRole } = useSession();
  const recent = useSnapshot(recents);
  const entries = useMemo(
    () => rootEntries({ commands: allCommands, role: userRole, pageTarget, recentUsers: recent.users }),
    [userRole, pageTarget, recent.users],
  );
  const recency = useMemo(() => recencyRanks(recent), [recent]);
  const { rows, searching } = useCustomerSearch(search);
  const listed = useMemo(
    () => mergeRanked(rankScored(entries, search, recency, maxListed), customerEntries(rows), customerScore, maxListed),
    [entries, search, recency, rows],
  );
  const selectable = useMemo(
    () => listed.filter((entry) => entry.kind === 'user' || !entry.disabledReason).map((entry) => entry.value),
    [listed],
  );
  useAutoSelect(selectable, selected, onSelectedChange);

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
        placeholder="Type a command, or a customer’s name, e-mail or id…"
        className="w-full border-b border-line bg-transparent px-3 py-3 text-base text-fg placeholder:text-faint focus:outline-none"
      />
      <EntryList entries={listed} onSelect={selectEntry} empty="Nothing matches." searching={searching} />
    </>
  );
}
