import type { PlayerBonus } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { t } from '../lib/i18n/i18n';
import { percentText } from '../lib/percent-text';

/**
 * A bonus's wagering progress: a bar with rupees and percent (PRODUCT.md §8). `compact` is the one-line
 * form of the wallet switch and the bet slip.
 */
export function WageringProgress({
  bonus,
  compact = false,
  testId = 'wagering-progress',
}: {
  bonus: PlayerBonus;
  compact?: boolean;
  testId?: string;
}) {
  const done = Math.min(bonus.wageringProgress, bonus.wageringRequired);
  const label = `${formatRupees(done)} of ${formatRupees(bonus.wageringRequired)} wagered (${percentText(bonus.progressPercent)})`;
  return (
    <div className={`wagering${compact ? ' wagering--compact' : ''}`} data-testid={testId}>
      <progress
        className="wagering__bar"
        max={100}
        value={Math.min(100, bonus.progressPercent)}
        aria-label={t('Wagering progress')}
        aria-valuetext={label}
      />
      <p className={compact ? 'wagering__text muted' : 'wagering__text'} data-testid={`${testId}-text`}>
        {label}
      </p>
    </div>
  );
}
