import { createStore, useStore } from '@khel/web-kit';
import { STORAGE_KEYS, local } from './storage';

export type Theme = 'light' | 'dark';

/** Dark by default (spec §3); anything but an explicit 'light' in storage means dark. */
export function readStoredTheme(): Theme {
  return local.get(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

const themeStore = createStore<Theme>('dark');

function apply(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

/** Spec §4 startup: load the theme before the first paint of the app. */
export function loadTheme(): Theme {
  const theme = readStoredTheme();
  themeStore.set(theme);
  apply(theme);
  return theme;
}

export function setTheme(theme: Theme): void {
  local.set(STORAGE_KEYS.theme, theme);
  themeStore.set(theme);
  apply(theme);
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useStore(themeStore);
  return { theme, toggle: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
