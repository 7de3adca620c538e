import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Market } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { useIdempotencyKey } from '@khel/web-kit';
import { invalidatePositions, postCashOut, useCashOutQuote } from '../api/positions';
import { useLiveMarketValue } from '../hooks/live-markets';
import { serverText, t } from '../../../lib/i18n/i18n';
import { marketBlock } from './market-state';

const SHARES = [100, 75, 50, 25] as const;
const liveVersion = (market: Market) => market.version;

/**
 * Cash Out for one market: the value the server quotes now (refreshed every 2 s and on every price
 * change: it follows the market's live version alone), a share to close on exchange markets, and one
 * tap to take it. The server recomputes the value and refuses with "Odds changed" if it moved; nothing is left half-done.
 * While the market is suspended (a ball running, a goal) the button stays where it is, greyed, with the
 * reason (issue 31): it comes back by itself when the market reopens. A finished market has none.
 */
export function CashOut({ market }: { market: Market }) {
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [open, setOpen] = useState(false);
  /** Counts the panel's openings: each starts from a fresh quote of the whole position. */
  const [opening, setOpening] = useState(0);
  const [percent, setPercent] = useState(100);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exchange = market.marketType === 'EXCHANGE';
  const version = useLiveMarketValue(market, liveVersion);
  const sharePercent = exchange ? percent : 100;
  const quote = useCashOutQuote(market._id, opening, sharePercent, version, open && market.status === 'open');
  // Only a quote of the share chosen is shown and confirmed.
  const data = quote.data?.percent === sharePercent ? quote.data : undefined;
  const value = data?.available === true ? data.value : null;

  if (market.status !== 'open' && market.status !== 'suspended') return null;
  if (market.status === 'suspended') {
    const reason = marketBlock(market) ?? t('Suspended');
    return (
      <button
        type="button"
        className="cash-out__open cash-out__open--paused"
        disabled
        data-testid="cash-out-open"
        aria-label={t('Cash Out is paused: {reason}', { reason })}
      >
        {t('Cash Out')}{' '}
        <span className="cash-out__reason" data-testid="cash-out-reason">
          {reason}
        </span>
      </button>
    );
  }

  const take = async () => {
    if (value === null || busy) return;
    const body = { marketId: market._id, percent: sharePercent, value };
    setBusy(true);
    setError(null);
    try {
      const envelope = await postCashOut(body, idempotency.keyFor(body));
      if (envelope.meta.code === 200) {
        idempotency.done();
        setOpen(false);
        void queryClient.invalidateQueries({ queryKey: ['userData'] });
        void queryClient.invalidateQueries({ queryKey: ['my-bets'] });
      } else {
        setError(
          envelope.meta.error === 'ODDS_CHANGED' ? t('Odds changed: check the new value') : serverText(envelope.meta),
        );
      }
    } catch {
      setError(t('Cash out failed, please try again'));
    } finally {
      setBusy(false);
      void invalidatePositions(queryClient, market.eventId);
      void quote.refetch();
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        className="cash-out__open"
        onClick={() => {
          setOpening((count) => count + 1);
          setPercent(100);
          setError(null);
          setOpen(true);
        }}
        data-testid="cash-out-open"
        aria-label={`Cash out ${market.name}`}
      >
        {t('Cash Out')}
      </button>
    );
  }
  return (
    <div className="cash-out" role="group" aria-label={`Cash out ${market.name}`} data-testid="cash-out">
      {exchange ? (
        <div className="chips cash-out__shares" role="radiogroup" aria-label={t('Share to cash out')}>
          {SHARES.map((share) => (
            <button
              key={share}
              type="button"
              role="radio"
              aria-checked={percent === share}
              className={`chip${percent === share ? ' chip--active' : ''}`}
              onClick={() => setPercent(share)}
              data-testid={`cash-out-share-${share}`}
            >
              {share === 100 ? 'All' : `${share}%`}
            </button>
          ))}
        </div>
      ) : null}
      <p className="cash-out__value" aria-live="polite" data-testid="cash-out-value">
        {data === undefined && (quote.isPending || quote.isFetching)
          ? t('Getting the value…')
          : data === undefined
            ? t('The value is not available')
            : data.available
              ? t('Cash out {amount}', { amount: formatRupees(data.value ?? 0) })
              : data.reason}
      </p>
      {error !== null ? (
        <p className="slip__message slip__message--error" role="alert" data-testid="cash-out-error">
          {error}
        </p>
      ) : null}
      <div className="cash-out__actions">
        <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
          {t('Close')}
        </Button>
        <Button
          type="button"
          onClick={() => void take()}
          disabled={value === null}
          loading={busy}
          loadingLabel={t('Cashing out…')}
          data-testid="cash-out-confirm"
        >
          {value === null ? t('Cash out') : t('Cash out {amount}', { amount: formatRupees(value) })}
        </Button>
      </div>
    </div>
  );
}
