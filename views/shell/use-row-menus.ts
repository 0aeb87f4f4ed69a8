import { useEffect, useState } from 'react';
import { whenCommandsWanted } from './LazyCommandLayer';

type RowMenus = typeof import('../../commands/row-menu');

let loaded: RowMenus | undefined;
let loading: Promise<RowMenus> | undefined;

function loadRowMenus(): Promise<RowMenus> {
  loading ??= import('../../commands/row-menu').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/**
 * The row menus' commands (commands/row-menu.ts), loaded with the command layer at the first sign of use rather than
 * with the first screen; undefined until then. A menu opened in that moment lists "Loading commands…" and fills in.
 */
export function useRowMenus(): RowMenus | undefined {
  const [menus, setMenus] = useState(loaded);
  useEffect(() => {
    if (menus) return;
    let live = true;
    const stop = whenCommandsWanted(() => {
      // On failure (offline) the menus keep saying "Loading commands…"; a table mounted later tries again.
      loadRowMenus().then(
        (module) => live && setMenus(module),
        () => {
          loading = undefined;
        },
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, [menus]);
  return menus;
}

/** What a row menu shows while its commands load. */
export const loadingRowActions = [{ id: 'loading', label: 'Loading commands…', disabledReason: 'Loading' }];
