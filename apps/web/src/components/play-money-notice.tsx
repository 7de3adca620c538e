import { MESSAGES } from '@khel/contract';
import { useAppSettings } from '../lib/app-settings';

/**
 * PRODUCT.md §5: in play mode every money screen says the chips have no cash value. `bar` is the slim
 * strip under the header; `panel` sits at the top of money pages.
 */
export function PlayMoneyNotice({ variant = 'panel' }: { variant?: 'bar' | 'panel' }) {
  const settings = useAppSettings();
  if (settings.data?.moneyMode !== 'play') return null;
  return (
    <p className={`play-notice play-notice--${variant}`} role="note" data-testid={`play-money-${variant}`}>
      {MESSAGES.playMoneyNotice}
    </p>
  );
}
