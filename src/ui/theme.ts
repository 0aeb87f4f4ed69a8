import { proxy, useSnapshot } from 'valtio';

export type Theme = 'dark' | 'light';

/** Where the chosen theme is remembered (index.html reads the same key before first paint). */
export const themeStorageKey = 'loupe.theme';

function storedTheme(): Theme {
  try {
    return globalThis.localStorage?.getItem(themeStorageKey) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** The theme in use; dark by default (console-spec §4). */
export const themeState = proxy<{ theme: Theme }>({ theme: storedTheme() });

/** Applies a theme to `<html>` and remembers it. */
export function setTheme(theme: Theme): void {
  themeState.theme = theme;
  globalThis.document?.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    globalThis.localStorage?.setItem(themeStorageKey, theme);
  } catch {}
}

/** Switches dark ↔ light and remembers the choice. */
export function toggleTheme(): void {
  setTheme(themeState.theme === 'dark' ? 'light' : 'dark');
}

/** The current theme, re-rendering on change. */
export function useTheme(): Theme {
  return useSnapshot(themeState).theme;
}
