import { Suspense, lazy, useState } from 'react';
import type { BetRow } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Skeleton } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/auth/session';
import { useCancelFromEvent, useEventBets, type CancelTarget } from '../api/event-bets';
import { t } from '../../../lib/i18n/i18n';

/** Edit bet (decision 0067): lazy, off the first load. */
const EditBetForm = lazy(() => import('../../../components/edit-bet/edit-bet-form'));

const editable = (bet: BetRow) => bet.marketType === 'EXCHANGE' && bet.status === 'unmatched' && bet.unmatchedStake > 0;

const cancellable = (bet: BetRow) => bet.status === 'unmatched' || bet.status === 'pending';

function sideText(bet: BetRow): string {
  if (bet.marketType === 'FANCY') return bet.selectionType === 'back' ? 'Yes' : 'No';
  return bet.selectionType === 'back' ? 'Back' : 'Lay';
}

function priceText(bet: BetRow): string {
  if (bet.marketType === 'FANCY') return `${bet.odds} runs @ ${bet.oddsSize ?? 100}`;
  return String(bet.odds);
}

/** The price the fills got, when it is not the price asked (issue 31): a back at 1.85 filled at 2.00. */
function matchedAt(bet: BetRow): number | null {
  return bet.marketType !== 'FANCY' && bet.matchedOdds !== null && bet.matchedOdds !== bet.odds
    ? bet.matchedOdds
    : null;
}

function statusText(bet: BetRow): string {
  if (bet.status === 'voided') return t('Void');
  if (bet.status === 'settled')
    return (bet.profitLoss ?? 0) >= 0
      ? t('Won {amount}', { amount: formatRupees(bet.profitLoss ?? 0) })
      : t('Lost {amount}', { amount: formatRupees(-(bet.profitLoss ?? 0)) });
  if (bet.status === 'pending') return t('In bet delay');
  // A stake lowered by an edit (decision 0067) shows what still waits, not the stake as placed.
  if (bet.status === 'unmatched')
    return bet.matchedStake > 0 || bet.unmatchedStake < bet.stake
      ? `${formatRupees(bet.matchedStake)} matched, ${formatRupees(bet.unmatchedStake)} unmatched`
      : 'Unmatched';
  return 'Matched';
}

/**
 * The event page's list of the player's bets on this event, matched and unmatched, by market, with
 * Cancel on each unmatched offer and Cancel all on a market (issue 13). It follows the socket: every
 * `bet` message refreshes it.
 */
export function EventBets({ eventId }: { eventId: string }) {
  const { user } = useSession();
  const query = useEventBets(eventId, user !== null);
  const cancel = useCancelFromEvent();
  const [editing, setEditing] = useState<string | null>(null);
  if (user === null) return null;
  const busy = (target: CancelTarget) =>
    cancel.isPending && JSON.stringify(cancel.variables) === JSON.stringify(target);

  let body;
  if (query.isPending) body = <Skeleton height="3rem" />;
  else if (query.isError)
    body = <p className="slip__message slip__message--error">{t('Your bets could not be loaded.')}</p>;
  else if (query.data.length === 0)
    body = (
      <p className="muted" data-testid="event-bets-empty">
        {t('No bets on this event yet.')}
      </p>
    );
  else {
    const markets = new Map<string, BetRow[]>();
    for (const bet of query.data) markets.set(bet.marketId, [...(markets.get(bet.marketId) ?? []), bet]);
    body = [...markets.entries()].map(([marketId, bets]) => {
      const open = bets.filter(cancellable);
      return (
        <div key={marketId} className="event-bets__market" data-testid="event-bets-market">
          <div className="event-bets__market-head">
            <strong>{bets[0]?.marketName}</strong>
            {open.length > 1 ? (
              <button
                type="button"
                className="link-button"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate({ marketId })}
                aria-label={`Cancel all unmatched bets on ${bets[0]?.marketName ?? 'this market'}`}
              >
                {busy({ marketId }) ? t('Cancelling…') : t('Cancel all')}
              </button>
            ) : null}
          </div>
          <ul className="event-bets__list">
            {bets.map((bet) => (
              <li
                key={bet._id}
                className={`event-bets__bet event-bets__bet--${bet.selectionType}`}
                data-testid="event-bet"
                data-status={bet.status}
              >
                <span>
                  <span className={`badge slip__side slip__side--${bet.selectionType}`}>{sideText(bet)}</span>{' '}
                  {bet.selection} @ {priceText(bet)}
                </span>
                <span className="event-bets__stake">{formatRupees(bet.stake)}</span>
                <span className="muted event-bets__status">
                  {statusText(bet)}
                  {matchedAt(bet) === null ? null : (
                    <>
                      {' · '}
                      {t('Matched at')} <strong data-testid="event-bet-matched-odds">{matchedAt(bet)}</strong>
                    </>
                  )}
                </span>
                {editable(bet) ? (
                  <button
                    type="button"
                    className="link-button"
                    aria-expanded={editing === bet._id}
                    onClick={() => setEditing(editing === bet._id ? null : bet._id)}
                    aria-label={`${t('Edit')} ${sideText(bet)} ${bet.selection} @ ${priceText(bet)}`}
                    data-testid="event-bet-edit"
                  >
                    {t('Edit')}
                  </button>
                ) : null}
                {cancellable(bet) ? (
                  <button
                    type="button"
                    className="link-button"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate({ betId: bet._id })}
                    aria-label={`Cancel ${sideText(bet)} ${bet.selection} @ ${priceText(bet)}`}
                  >
                    {busy({ betId: bet._id }) ? 'Cancelling…' : 'Cancel'}
                  </button>
                ) : null}
                {editing === bet._id ? (
                  <Suspense fallback={<Skeleton height="3rem" />}>
                    <EditBetForm bet={bet} onDone={() => setEditing(null)} />
                  </Suspense>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      );
    });
  }

  return (
    <section className="card event-bets" aria-labelledby="event-bets-title" data-testid="event-bets">
      <h2 id="event-bets-title" className="event-bets__title">
        {t('My bets on this event')}
      </h2>
      {body}
    </section>
  );
}
