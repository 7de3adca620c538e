import { useId, useLayoutEffect } from 'react';
import { PLAY_MONEY_NOTICE } from '@khel/contract';
import { useAppSettings } from '../lib/app-settings';
import { createStore, useStore } from '@khel/web-kit';
import { useT } from '../lib/i18n/i18n';

/** The panels on screen, in mounting order: the newest (a dialog over its page) is the one shown. */
const mountedPanels = createStore<readonly string[]>([]);

/**
 * PRODUCT.md §5: in play mode every money screen says the chips have no cash value — once per screen.
 * `bar` is the slim strip under the header on every page; `panel` sits at the top of money pages and
 * dialogs. A panel on screen takes over from the bar, and of several panels only the newest shows.
 */
export function PlayMoneyNotice({ variant = 'panel' }: { variant?: 'bar' | 'panel' }) {
  const t = useT();
  const settings = useAppSettings();
  const id = useId();
  const panels = useStore(mountedPanels);
  // Registered before the browser paints, so the bar never flashes above a page that has its own panel.
  useLayoutEffect(() => {
    if (variant !== 'panel') return undefined;
    mountedPanels.set((list) => [...list, id]);
    return () => mountedPanels.set((list) => list.filter((entry) => entry !== id));
  }, [variant, id]);
  if (settings.data?.moneyMode !== 'play') return null;
  if (variant === 'bar' ? panels.length > 0 : panels[panels.length - 1] !== id) return null;
  return (
    <p className={`play-notice play-notice--${variant}`} role="note" data-testid={`play-money-${variant}`}>
      {t(PLAY_MONEY_NOTICE)}
    </p>
  );
}
