import { formatRupees } from '@khel/money';
import type { RunnerPosition as RunnerFigures } from '@khel/contract';
import { t } from '../../../lib/i18n/i18n';

const signed = (rupees: number) => `${rupees > 0 ? '+' : ''}${formatRupees(rupees)}`;
const tone = (rupees: number) => (rupees > 0 ? 'position--up' : rupees < 0 ? 'position--down' : 'position--flat');

/**
 * Under a runner's name: what the player ends with if it wins (green or red), and beside it, in a
 * second tone, the figure if their unmatched offers also fill. The server computes both.
 */
export function RunnerPosition({ figures, name }: { figures: RunnerFigures | null; name: string }) {
  if (figures === null) return null;
  const ifFilled = figures.ifUnmatchedFill !== figures.profitLoss;
  return (
    <span
      className="position"
      data-testid="runner-position"
      aria-label={`If ${name} wins: ${signed(figures.profitLoss)}${ifFilled ? `, ${signed(figures.ifUnmatchedFill)} if your unmatched bets are matched` : ''}`}
    >
      <span className={`position__value ${tone(figures.profitLoss)}`} data-testid="position-matched">
        {signed(figures.profitLoss)}
      </span>
      {ifFilled ? (
        <span
          className={`position__value position__value--if ${tone(figures.ifUnmatchedFill)}`}
          data-testid="position-if-filled"
          title={t('If your unmatched bets are matched')}
        >
          » {signed(figures.ifUnmatchedFill)}
        </span>
      ) : null}
    </span>
  );
}
