import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { helpState } from '../../commands/help-state';
import { allCommands } from '../../commands/index';
import { helpPageOf, keyboardHelp } from '../../commands/keyboard-help';
import { paletteState } from '../../commands/palette-state';
import { runner } from '../../commands/runner';
import { isTypingTarget, shortcutKeys } from '../../commands/shortcuts';
import { useSession } from '../../src/session/store';
import { Kbd } from '../../src/ui/Kbd';

const keyNames: Readonly<Record<string, string>> = { arrowleft: '←', escape: 'Esc', enter: '↵' };

function setHelpOpen(value: boolean): void {
  helpState.open = value;
}

function Keys({ text }: { text: string }) {
  const names = text === '?' ? ['?'] : shortcutKeys(text).map((key) => keyNames[key.toLowerCase()] ?? key);
  const keys = names.map((name, position) => ({ name, id: `${position}:${name}` }));
  return (
    <span className="flex shrink-0 items-center gap-0.5">
      {keys.map((key) =>
        key.name === 'then' ? (
          <span key={key.id} className="px-0.5 text-[10px] text-faint">
            then
          </span>
        ) : (
          <Kbd key={key.id}>{key.name}</Kbd>
        ),
      )}
    </span>
  );
}

/** The `?` overlay: every key the signed-in role can use, read from the commands' shortcuts; Escape closes it. */
export function KeyboardHelp() {
  const { open } = useSnapshot(helpState);
  const { userRole } = useSession();
  const palette = useSnapshot(paletteState);
  const { run } = useSnapshot(runner);
  const paletteVisible = palette.open || run !== null;
  useEffect(() => {
    if (paletteVisible) return;
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]')) return;
      event.preventDefault();
      setHelpOpen(true);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [paletteVisible]);
  const [path] = useLocation();
  const sections = keyboardHelp(allCommands, userRole, helpPageOf(path));
  return (
    <Dialog open={open} onClose={() => setHelpOpen(false)} className="relative z-40">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[8vh]">
        <DialogPanel className="w-[min(760px,96vw)] rounded-lg border border-line bg-panel text-fg shadow-2xl shadow-black/40">
          <div className="flex items-center border-b border-line px-4 py-2.5">
            <DialogTitle className="flex-1 text-sm font-semibold">Keyboard shortcuts</DialogTitle>
            <button
              type="button"
              onClick={() => setHelpOpen(false)}
              className="flex cursor-pointer items-center gap-1 rounded px-1 text-xs text-muted hover:bg-hover hover:text-fg"
            >
              Close <Kbd>Esc</Kbd>
            </button>
          </div>
          <div className="grid gap-x-6 gap-y-4 px-4 py-3 md:grid-cols-2">
            {sections.map((section) => (
              <section key={section.title} aria-label={section.title}>
                <h3 className="pb-1 text-xs font-semibold text-muted uppercase">{section.title}</h3>
                <ul className="flex flex-col gap-1">
                  {section.keys.map((item) => (
                    <li key={`${item.keys}-${item.label}`} className="flex items-center gap-3 text-sm">
                      <span className="min-w-0 flex-1 truncate">{item.label}</span>
                      <Keys text={item.keys} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
