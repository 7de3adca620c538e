import type { Market } from '@khel/contract';
import {
  bookmakerBetLine,
  exchangeSlipLine,
  previewPosition,
  type RunnerLine,
  type RunnerPosition,
} from '@khel/exchange/positions';
import { formatPaise, rupeesToPaise, toHundredths } from '@khel/money';
import { useMarketPosition } from '../api/positions';
import type { SlipSelection } from '../hooks/use-bet-slip';
import { t } from '../../../lib/i18n/i18n';

/** Whether an exchange bet at these odds would match now against the best price shown (display only). */
function matchesNow(market: Market, selection: SlipSelection, odds: number): boolean {
  const runner = market.runners.find((candidate) => candidate._id === selection.runnerId);
  const best = selection.side === 'back' ? runner?.back[0]?.price : runner?.lay[0]?.price;
  if (best === undefined) return false;
  return selection.side === 'back' ? best >= odds : best <= odds;
}

/**
 * The slip's position preview (POS-3): each runner's figure if this bet is placed, computed in the
 * browser with the same function the server uses (@khel/exchange/positions). Display only: the
 * figures under the runners come from the server once the bet is in.
 */
export function SlipPositionPreview({
  selection,
  market,
  odds,
  stake,
}: {
  selection: SlipSelection;
  market: Market;
  odds: number;
  stake: number | null;
}) {
  const position = useMarketPosition(market.eventId, market._id);
  if (selection.marketType === 'FANCY' || selection.runnerId === null || stake === null) return null;
  const stakePaise = rupeesToPaise(stake);
  const priceHundredths = toHundredths(odds);
  if (stakePaise === null || stakePaise <= 0 || priceHundredths === null) return null;
  let line: RunnerLine;
  let atOnce = true;
  if (selection.marketType === 'EXCHANGE') {
    if (priceHundredths <= 100) return null;
    atOnce = matchesNow(market, selection, odds);
    line = exchangeSlipLine(
      { runnerId: selection.runnerId, side: selection.side, priceHundredths, stakePaise },
      atOnce,
    );
  } else {
    line = bookmakerBetLine({
      runnerId: selection.runnerId,
      side: selection.side,
      rateHundredths: priceHundredths,
      stakePaise,
    });
  }
  const base: RunnerPosition[] = market.runners.map((runner) => {
    const figures = position?.runners.find((row) => row.selectionId === runner._id);
    return {
      runnerId: runner._id,
      matchedPaise: rupeesToPaise(figures?.profitLoss ?? 0) ?? 0,
      ifFilledPaise: rupeesToPaise(figures?.ifUnmatchedFill ?? 0) ?? 0,
    };
  });
  const next = previewPosition(base, line, atOnce);
  return (
    <div className="slip__positions" data-testid="slip-positions">
      <p className="muted">
        {atOnce
          ? t('Your position if this bet is matched')
          : t('Your position if this offer is matched (it waits unmatched at these odds)')}
      </p>
      <ul>
        {market.runners.map((runner, index) => {
          const figure = atOnce ? (next[index]?.matchedPaise ?? 0) : (next[index]?.ifFilledPaise ?? 0);
          return (
            <li key={runner._id} data-testid="slip-position" data-runner={runner.name}>
              <span>{runner.name}</span>
              <strong className={figure > 0 ? 'position--up' : figure < 0 ? 'position--down' : undefined}>
                {figure > 0 ? '+' : ''}
                {formatPaise(figure)}
              </strong>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
