import { createStore, useStore } from '@khel/web-kit';
import { STORAGE_KEYS, local } from './storage';

export type Theme = 'light' | 'dark';

const themeStore = createStore<Theme>(local.get(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark');

function apply(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

/** Dark by default, like the player app; applied before the first paint. */
export function loadTheme(): void {
  apply(themeStore.get());
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useStore(themeStore);
  return {
    theme,
    toggle: () => {
      const next = theme === 'dark' ? 'light' : 'dark';
      local.set(STORAGE_KEYS.theme, next);
      themeStore.set(next);
      apply(next);
    },
  };
}
