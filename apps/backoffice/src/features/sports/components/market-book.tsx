import { Link } from 'react-router';
import type { Market } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Amount } from '../../../components/money/desk-parts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDateTime, formatMobileNo } from '../../../lib/format';
import type { BookBet, MarketBook } from '../api/get-market-book';
import { humanise } from './market-labels';
import { voidable } from './void-bets-dialog';

/** The house's result for each outcome; the worst one is marked, since that is what the house risks. */
export function HouseExposure({ exposure }: { exposure: MarketBook['houseExposure'] }) {
  if (exposure.length === 0)
    return <EmptyState title="No exposure yet">The house risks nothing until bets are matched.</EmptyState>;
  const worst = Math.min(...exposure.map((row) => row.profitLoss));
  return (
    <table className="data-table exposure-table">
      <thead>
        <tr>
          <th scope="col">If the result is</th>
          <th scope="col" className="num">
            House profit or loss
          </th>
        </tr>
      </thead>
      <tbody>
        {exposure.map((row) => (
          <tr key={row.outcome} className={row.profitLoss === worst && worst < 0 ? 'exposure-worst' : undefined}>
            <th scope="row">
              {row.outcome}
              {row.profitLoss === worst && worst < 0 ? (
                <span className="badge badge-danger exposure-flag">Worst case</span>
              ) : null}
            </th>
            <td className="num">
              <Amount value={row.profitLoss} signed />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function sideLabel(bet: BookBet): string {
  if (bet.marketType === 'FANCY') return bet.selectionType === 'back' ? 'Yes' : 'No';
  return bet.selectionType === 'back' ? 'Back' : 'Lay';
}

/** Odds as the market type shows them: decimal odds, a bookmaker rate, or a fancy line @ rate. */
function oddsText(bet: BookBet): string {
  if (bet.marketType === 'FANCY') return `${bet.odds} @ ${bet.oddsSize ?? '–'}`;
  return String(bet.odds);
}

const STATUS_TONES: Record<BookBet['status'], string> = {
  pending: 'badge-warning',
  unmatched: 'badge-warning',
  matched: 'badge-ok',
  cancelled: 'badge-muted',
  lapsed: 'badge-muted',
  settled: 'badge-info',
  voided: 'badge-danger',
};

function BetStatus({ bet }: { bet: BookBet }) {
  const partly = bet.status === 'matched' && bet.unmatchedStake > 0;
  return (
    <span className="stacked">
      <span className={`badge ${STATUS_TONES[bet.status]}`}>{partly ? 'Partly matched' : humanise(bet.status)}</span>
      {bet.lapseReason !== null ? <span className="muted small">{humanise(bet.lapseReason)}</span> : null}
      {bet.status === 'pending' && bet.delayUntil !== null ? <span className="muted small">In delay</span> : null}
    </span>
  );
}

/** Every bet on the market, newest first. */
/** `onVoid`: a Void button on each bet a void can still change (decision 0055). */
export function BookBets({
  market,
  bets,
  onVoid,
}: {
  market: Market;
  bets: BookBet[];
  onVoid?: (bet: BookBet) => void;
}) {
  if (bets.length === 0) return <EmptyState title="No bets on this market yet" />;
  const sorted = [...bets].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const showPl = sorted.some((bet) => bet.profitLoss !== null);
  return (
    <table className="data-table responsive-table book-table">
      <thead>
        <tr>
          <th scope="col">Placed</th>
          <th scope="col">Player</th>
          <th scope="col">{market.marketType === 'FANCY' ? 'Side' : 'Selection'}</th>
          <th scope="col" className="num">
            {market.marketType === 'FANCY' ? 'Line @ rate' : market.marketType === 'BOOKMAKER' ? 'Rate' : 'Odds'}
          </th>
          <th scope="col" className="num">
            Stake
          </th>
          <th scope="col" className="num">
            Matched
          </th>
          <th scope="col" className="num">
            Unmatched
          </th>
          <th scope="col">Status</th>
          {showPl ? (
            <th scope="col" className="num">
              Player P/L
            </th>
          ) : null}
          {onVoid === undefined ? null : <th scope="col">Action</th>}
        </tr>
      </thead>
      <tbody>
        {sorted.map((bet) => (
          <tr key={bet._id} data-bet-id={bet._id}>
            <td data-label="Placed">
              <time dateTime={bet.createdAt}>{formatDateTime(bet.createdAt)}</time>
            </td>
            <td data-label="Player">
              <span className="player-cell">
                <Link to={`/users/${bet.player._id}`}>{bet.player.name}</Link>
                <span className="muted small">{formatMobileNo(bet.player.mobile_no)}</span>
              </span>
            </td>
            <td data-label={market.marketType === 'FANCY' ? 'Side' : 'Selection'}>
              <span className={`side side-${bet.selectionType}`}>{sideLabel(bet)}</span>{' '}
              {market.marketType === 'FANCY' ? null : bet.selection}
              {bet.wallet === 'bonus' ? <span className="badge badge-muted">Bonus</span> : null}
            </td>
            <td
              data-label={
                market.marketType === 'FANCY' ? 'Line @ rate' : market.marketType === 'BOOKMAKER' ? 'Rate' : 'Odds'
              }
              className="num"
            >
              {oddsText(bet)}
            </td>
            <td data-label="Stake" className="num">
              {formatRupees(bet.stake)}
            </td>
            <td data-label="Matched" className="num">
              {formatRupees(bet.matchedStake)}
            </td>
            <td data-label="Unmatched" className="num">
              {formatRupees(bet.unmatchedStake)}
            </td>
            <td data-label="Status">
              <BetStatus bet={bet} />
            </td>
            {showPl ? (
              <td data-label="Player P/L" className="num">
                {bet.profitLoss === null ? '—' : <Amount value={bet.profitLoss} signed />}
              </td>
            ) : null}
            {onVoid === undefined ? null : (
              <td data-label="Action">
                {voidable(bet) ? (
                  <Button size="small" variant="danger" onClick={() => onVoid(bet)} aria-label={`Void bet ${bet._id}`}>
                    Void
                  </Button>
                ) : null}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An exchange market's best three prices each side, as players see them. */
export function Ladder({ market }: { market: Market }) {
  return (
    <div className="ladder-wrap">
      <table className="data-table ladder-table">
        <thead>
          <tr>
            <th scope="col">Runner</th>
            <th scope="col" className="num">
              Back
            </th>
            <th scope="col" className="num">
              Lay
            </th>
          </tr>
        </thead>
        <tbody>
          {market.runners.map((runner) => (
            <tr key={runner._id}>
              <th scope="row">{runner.name}</th>
              <td className="num">
                <span className="ladder ladder-side-back">
                  {[...runner.back].reverse().map((level) => (
                    <span className="ladder-cell ladder-back" key={`b${level.price}`}>
                      <strong>{level.price}</strong>
                      <span className="small">{formatRupees(level.size)}</span>
                    </span>
                  ))}
                  {runner.back.length === 0 ? <span className="muted">–</span> : null}
                </span>
              </td>
              <td className="num">
                <span className="ladder ladder-side-lay">
                  {runner.lay.map((level) => (
                    <span className="ladder-cell ladder-lay" key={`l${level.price}`}>
                      <strong>{level.price}</strong>
                      <span className="small">{formatRupees(level.size)}</span>
                    </span>
                  ))}
                  {runner.lay.length === 0 ? <span className="muted">–</span> : null}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
