import { Command } from 'cmdk';
import { useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { allCommands } from '../../../commands/index';
import { EntryList } from '../../../views/palette/EntryList';
import { type PaletteEntry, rootEntries, userEntry } from '../../../views/palette/entries';
import { customerScore, maxListed } from '../../../views/palette/RootPage';
import { mergeRanked, rankScored } from '../../../views/palette/rank';
import '../../../src/styles.css';

/** Entries the bench palette lists (`?entries=`, default 10,000): the role's commands and made-up recent customers. */
const count = Number(new URLSearchParams(location.search).get('entries') ?? 10_000);
const first = ['Jane', 'Ava', 'Noah', 'Liam', 'Mia', 'Sven', 'Léa', 'Yael', 'Finn', 'Zoë'];
const last = ['Doe', 'Cook', 'Harris', 'Schmidt', 'Dubois', 'Mizrahi', 'Perez', 'Nakamura', 'Silva', 'Byrne'];

function manyEntries(): PaletteEntry[] {
  const commands = rootEntries({ commands: allCommands, role: 'ADMIN', pageTarget: undefined, recentUsers: [] });
  const customers = Array.from({ length: Math.max(0, count - commands.length) }, (_, index) => {
    const name = `${first[index % first.length]} ${last[Math.floor(index / first.length) % last.length]} ${index}`;
    const email = `${name.toLowerCase().replace(/\s+/g, '.')}@studio${index % 97}.com`;
    return userEntry({ kind: 'user', id: index + 1, name, email }, 'Customers');
  });
  return [...commands, ...customers];
}

/** RootPage's work per keystroke, over `count` entries: rank them all, render at most `maxListed`. */
function BenchRoot() {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState('');
  const entries = useMemo(manyEntries, []);
  const frecency = useMemo(() => new Map<string, number>(), []);
  const listed = useMemo(
    () => mergeRanked(rankScored(entries, search, frecency, maxListed), [], customerScore, maxListed),
    [entries, search, frecency],
  );
  useEffect(() => {
    if (!listed.some((entry) => entry.value === selected)) setSelected(listed[0]?.value ?? '');
  }, [listed, selected]);
  return (
    <>
      <Command.Input
        autoFocus
        value={search}
        onValueChange={setSearch}
        placeholder="Type a command, or a customer’s name, e-mail or id…"
        className="w-full border-b border-line bg-transparent px-3 py-3 text-base text-fg placeholder:text-faint focus:outline-none"
      />
      <EntryList entries={listed} onSelect={() => undefined} empty="Nothing matches." />
    </>
  );
}

function BenchPalette() {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState('');
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        setOpen((value) => !value);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <Command.Dialog
      open={open}
      onOpenChange={setOpen}
      label="Command palette"
      shouldFilter={false}
      loop
      value={selected}
      onValueChange={setSelected}
      overlayClassName="fixed inset-0 z-40 bg-black/50"
      contentClassName="fixed top-[12vh] left-1/2 z-40 w-[min(640px,92vw)] -translate-x-1/2 overflow-hidden rounded-lg border border-line bg-panel text-fg shadow-2xl"
    >
      <BenchRoot />
    </Command.Dialog>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<BenchPalette />);
