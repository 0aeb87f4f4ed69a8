import { Command } from 'cmdk';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { commandById } from '../../commands/index';
import { frecencies, recents } from '../../commands/recents';
import { chooseTarget, runner, stepBack } from '../../commands/runner';
import { EntryList } from './EntryList';
import { customerEntries, type PaletteEntry, recentUserEntries } from './entries';
import { PageTitle } from './PageTitle';
import { customerScore, maxListed } from './RootPage';
import { mergeRanked, rankScored } from './rank';
import { useAutoSelect } from './useAutoSelect';
import { useCustomerSearch } from './useCustomerSearch';

interface TargetPageProps {
  selected: string;
  onSelectedChange: (value: string) => void;
}

/** A command that acts on a customer asks for one: recent customers, and the live search. */
export function TargetPage({ selected, onSelectedChange }: TargetPageProps) {
  const { run } = useSnapshot(runner);
  const recent = useSnapshot(recents);
  const [search, setSearch] = useState('');
  const { rows, searching } = useCustomerSearch(search);
  const recentEntries = useMemo(() => recentUserEntries(recent.users), [recent.users]);
  const frecency = useMemo(() => frecencies(recent), [recent]);
  const listed = useMemo(
    () =>
      mergeRanked(
        rankScored(recentEntries, search, frecency, maxListed),
        customerEntries(rows),
        customerScore,
        maxListed,
      ),
    [recentEntries, search, frecency, rows],
  );
  const values = useMemo(() => listed.map((entry) => entry.value), [listed]);
  useAutoSelect(values, selected, onSelectedChange);
  const title = commandById(run?.commandId ?? '')?.title ?? 'Command';

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Backspace' && event.currentTarget.value === '') {
      event.preventDefault();
      stepBack();
    }
  }

  return (
    <>
      <PageTitle title={title} detail="Choose a customer" />
      <Command.Input
        autoFocus
        value={search}
        onValueChange={setSearch}
        onKeyDown={onKeyDown}
        placeholder="Name, e-mail or id…"
        className="w-full border-b border-line bg-transparent px-3 py-3 text-base text-fg placeholder:text-faint focus:outline-none"
      />
      {run?.errors.form ? (
        <p role="alert" className="px-3 pt-2 text-sm text-danger">
          {run.errors.form}
        </p>
      ) : null}
      <EntryList
        entries={listed}
        onSelect={(entry: PaletteEntry) => {
          if (entry.kind === 'user') void chooseTarget(entry.target);
        }}
        empty={search.trim().length < 2 ? 'Type at least 2 characters to search.' : 'No customer matches.'}
        searching={searching}
      />
    </>
  );
}
