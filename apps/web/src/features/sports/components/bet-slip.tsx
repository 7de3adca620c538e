import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BetRow, Market, PlaceBet } from '@khel/contract';
import { formatPaise, formatRupees } from '@khel/money';
import { accepted, resultText } from '../utils/bet-result-text';
import { Button } from '../../../components/ui/button';
import { OddsPreferenceControl } from '../../../components/odds-preference-control';
import { useIdempotencyKey } from '@khel/web-kit';
import { isOnLadder, nearestOnLadder, stepOdds } from '../../../lib/ladder';
import { liveClient } from '../../../lib/live/live-client';
import { useLiveMessages } from '../../../lib/live/use-live';
import { useOnline } from '../../../lib/pwa/use-online';
import { notify } from '../../../lib/toast';
import { getBetsByMarket } from '../api/get-bets-by-market';
import { placeBet } from '../api/place-bet';
import { closeSlip, saveSlipDraft, type SlipSelection } from '../hooks/use-bet-slip';
import { useLiveMarket } from '../hooks/live-markets';
import { keepSlipOpenStore, setKeepSlipOpen, useKeepSlipOpen } from '../hooks/slip-settings';
import { groupedNumber, parseStake, slipPreview } from '../utils/slip-math';
import { marketBlock } from './market-state';
import { SlipWallet } from './slip-wallet';
import { StakeChips } from './stake-chips';
import { SlipPositionPreview } from './slip-position-preview';
import { serverText, t } from '../../../lib/i18n/i18n';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'placing' }
  | { kind: 'pending'; bet: BetRow }
  | { kind: 'done'; bet: BetRow; afterDelay?: boolean }
  | { kind: 'refused'; code: string | undefined; message: string };

/** The live price for what the slip holds (bookmaker rate, fancy line and rate); null for exchange. */
function livePrice(
  market: Market,
  selection: SlipSelection,
): { odds: number; oddsSize: number | null } | null | 'gone' {
  if (selection.marketType === 'EXCHANGE') return null;
  if (selection.marketType === 'BOOKMAKER') {
    const runner = market.runners.find((item) => item._id === selection.runnerId);
    const rate = selection.side === 'back' ? runner?.backRate : runner?.layRate;
    return rate === null || rate === undefined ? 'gone' : { odds: rate, oddsSize: null };
  }
  const fancy = market.fancy;
  const line = selection.side === 'back' ? fancy?.yesLine : fancy?.noLine;
  const rate = selection.side === 'back' ? fancy?.yesRate : fancy?.noRate;
  return line === null || line === undefined || rate === null || rate === undefined
    ? 'gone'
    : { odds: line, oddsSize: rate };
}

/** The price to take after a reconnect: the live quote, or the exchange runner's best price on the slip's side. */
function freshPrice(market: Market, selection: SlipSelection): { odds: number; oddsSize: number | null } | null {
  if (selection.marketType !== 'EXCHANGE') {
    const live = livePrice(market, selection);
    return live === null || live === 'gone' ? null : live;
  }
  const best = market.runners.find((runner) => runner._id === selection.runnerId)?.[selection.side][0]?.price;
  return best === undefined ? null : { odds: best, oddsSize: null };
}

function sideName(selection: SlipSelection): string {
  if (selection.marketType === 'FANCY') return selection.side === 'back' ? t('Yes') : t('No');
  return selection.side === 'back' ? t('Back') : t('Lay');
}

function priceText(marketType: SlipSelection['marketType'], odds: number, oddsSize: number | null): string {
  if (marketType === 'FANCY') return t('{odds} runs @ {rate}', { odds, rate: oddsSize ?? 100 });
  if (marketType === 'BOOKMAKER') return t('rate {odds}', { odds });
  return String(odds);
}

/** The words for a refusal: the brief's wording for the common ones, the server's message otherwise. */
function refusalText(code: string | undefined, message: string): string {
  switch (code) {
    case 'ODDS_CHANGED':
      return t('Odds changed');
    case 'MARKET_SUSPENDED':
      return t('Market suspended');
    case 'MARKET_CLOSED':
      return t('Market closed');
    case 'WALLET_INSUFFICIENT_FUNDS':
      return t('Insufficient balance');
    default:
      return message || t('The bet was not placed');
  }
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function BetResult({ bet }: { bet: BetRow }) {
  const lapsed = bet.status === 'lapsed' || bet.status === 'cancelled';
  const waiting = !lapsed && (bet.status === 'unmatched' || bet.unmatchedStake > 0);
  return (
    <p
      className={`slip__message slip__message--${lapsed ? 'error' : waiting ? 'info' : 'success'}`}
      role={lapsed ? 'alert' : 'status'}
      data-testid="slip-result"
    >
      {resultText(bet)}
    </p>
  );
}

/**
 * The bet slip: side and price, odds stepped by ladder ticks (exchange), stake with the default chips
 * of spec §9, the live profit / liability preview (@khel/money), and the server's answer in place:
 * odds changed, suspended, below the minimum, insufficient balance, and a bet delay counted down to
 * the time the server gave, then the final state from the socket (or a poll if the socket is quiet).
 */
export function BetSlip({ selection, variant }: { selection: SlipSelection; variant: 'sheet' | 'inline' }) {
  const market = useLiveMarket(selection.market);
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const restored = selection.restored;
  const [odds, setOdds] = useState(restored?.odds ?? selection.odds);
  const [oddsText, setOddsText] = useState(restored?.oddsText ?? String(selection.odds));
  const [oddsSize, setOddsSize] = useState(restored?.oddsSize ?? selection.oddsSize);
  const [oddsEdited, setOddsEdited] = useState(restored?.oddsEdited ?? false);
  const [stakeText, setStakeText] = useState(restored?.stakeText ?? '');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  /** Set when a reconnect has moved the slip's price to the market's fresh snapshot: "1.85 → 1.9". */
  const [refreshed, setRefreshed] = useState<string | null>(null);
  const online = useOnline();
  const stakeRef = useRef<HTMLInputElement>(null);
  // Set synchronously on submit, so a second tap before React re-renders cannot send a second request.
  const submitting = useRef(false);
  const pendingId = outcome.kind === 'pending' ? outcome.bet._id : null;
  const now = useNow(pendingId !== null);

  useEffect(() => {
    stakeRef.current?.focus({ preventScroll: true });
  }, []);

  // A reload keeps the slip (issue 31): what is typed is saved on every change.
  useEffect(() => {
    saveSlipDraft(selection, { stakeText, odds, oddsText, oddsSize, oddsEdited });
  }, [selection, stakeText, odds, oddsText, oddsSize, oddsEdited]);

  // After a reconnect the server answers the resubscription with each market's full state; the first
  // one for this market refreshes the slip's price (unless the player set an exchange price by hand).
  const awaitingSnapshot = useRef(false);
  useEffect(
    () =>
      liveClient.onReconnect(() => {
        awaitingSnapshot.current = true;
      }),
    [],
  );

  const keepOpen = useKeepSlipOpen();

  /**
   * The server took the bet: unless the player keeps the slip open, it closes and a toast says what
   * happened (issue 31). Returns whether it closed.
   */
  const closeAfterAccepted = (bet: BetRow): boolean => {
    if (!accepted(bet) || keepSlipOpenStore.get()) return false;
    void queryClient.invalidateQueries({ queryKey: ['my-bets'] });
    void queryClient.invalidateQueries({ queryKey: ['userData'] });
    notify('success', resultText(bet));
    closeSlip();
    return true;
  };

  /** A delayed bet was decided: the slip is cleared and says whether it was accepted or refused. */
  const resolved = useRefCallback((bet: BetRow) => {
    if (closeAfterAccepted(bet)) return;
    setOutcome({ kind: 'done', bet, afterDelay: true });
    setStakeText('');
  });

  // The final state of a delayed bet arrives on the socket as a `bet` message.
  useLiveMessages(
    useRefCallback((message) => {
      if (message.type === 'market' && awaitingSnapshot.current && message.market._id === selection.market._id) {
        awaitingSnapshot.current = false;
        const fresh = freshPrice(message.market, selection);
        const busyNow = outcome.kind === 'placing' || outcome.kind === 'pending';
        if (fresh === null || busyNow || (selection.marketType === 'EXCHANGE' && oddsEdited)) return;
        if (fresh.odds === odds && fresh.oddsSize === oddsSize) return;
        setRefreshed(
          `${priceText(selection.marketType, odds, oddsSize)} → ${priceText(selection.marketType, fresh.odds, fresh.oddsSize)}`,
        );
        setOdds(fresh.odds);
        setOddsText(String(fresh.odds));
        setOddsSize(fresh.oddsSize);
        if (outcome.kind === 'refused') setOutcome({ kind: 'idle' });
        return;
      }
      if (message.type !== 'bet' || pendingId === null || message.bet._id !== pendingId) return;
      if (message.bet.status !== 'pending') resolved(message.bet);
    }),
  );

  // Fallback: once the delay is over, ask for the bet by market until it has left 'pending'.
  const delayUntil = outcome.kind === 'pending' ? Date.parse(outcome.bet.delayUntil ?? '') : Number.NaN;
  useEffect(() => {
    if (pendingId === null) return undefined;
    let stopped = false;
    const start = Number.isNaN(delayUntil) ? 1000 : Math.max(0, delayUntil - Date.now()) + 1500;
    let timer = setTimeout(function poll() {
      void getBetsByMarket(selection.market._id)
        .then((bets) => {
          if (stopped) return;
          const bet = bets.find((item) => item._id === pendingId);
          if (bet && bet.status !== 'pending') resolved(bet);
          else timer = setTimeout(poll, 2000);
        })
        .catch(() => {
          if (!stopped) timer = setTimeout(poll, 3000);
        });
    }, start);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pendingId, delayUntil, selection.market._id, resolved]);

  useEffect(() => {
    if (outcome.kind === 'done') {
      void queryClient.invalidateQueries({ queryKey: ['my-bets'] });
      void queryClient.invalidateQueries({ queryKey: ['userData'] });
    }
  }, [outcome, queryClient]);

  const stake = parseStake(stakeText);
  const preview =
    stake === null
      ? null
      : slipPreview({ marketType: selection.marketType, side: selection.side, odds, oddsSize, stake });
  const block = marketBlock(market);
  const live = livePrice(market, selection);
  const moved = live !== null && live !== 'gone' && (live.odds !== odds || live.oddsSize !== oddsSize) ? live : null;
  const exchange = selection.marketType === 'EXCHANGE';
  const oddsValid = !exchange || isOnLadder(odds);
  const busy = outcome.kind === 'placing' || outcome.kind === 'pending';

  const changeOdds = (next: number) => {
    if (next !== odds) setOddsEdited(true);
    setOdds(next);
    setOddsText(String(next));
    setRefreshed(null);
    if (outcome.kind === 'refused') setOutcome({ kind: 'idle' });
  };

  const takeLivePrice = () => {
    if (!moved) return;
    setRefreshed(null);
    setOdds(moved.odds);
    setOddsText(String(moved.odds));
    setOddsSize(moved.oddsSize);
    setOutcome({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stake === null || busy || submitting.current || block !== null || !oddsValid || !online) return;
    submitting.current = true;
    const body: PlaceBet = {
      marketId: selection.market._id,
      ...(selection.runnerId !== null ? { selectionId: selection.runnerId } : {}),
      selectionType: selection.side,
      odds,
      ...(selection.marketType === 'FANCY' ? { oddsSize: oddsSize ?? 100 } : {}),
      stake,
    };
    setOutcome({ kind: 'placing' });
    try {
      const envelope = await placeBet(body, idempotency.keyFor(body));
      if (envelope.meta.code === 200 && envelope.data) {
        idempotency.done();
        const bet = envelope.data;
        if (closeAfterAccepted(bet)) return;
        setOutcome(bet.status === 'pending' ? { kind: 'pending', bet } : { kind: 'done', bet });
        if (bet.status !== 'pending') setStakeText('');
      } else {
        setOutcome({ kind: 'refused', code: envelope.meta.error, message: serverText(envelope.meta) });
      }
    } catch {
      // Transport failure: already toasted by the API client; the same key is reused on a retry.
      setOutcome({ kind: 'refused', code: undefined, message: t('The bet was not placed, please try again') });
    } finally {
      submitting.current = false;
    }
  };

  const secondsLeft =
    outcome.kind === 'pending' && !Number.isNaN(delayUntil) ? Math.max(0, Math.ceil((delayUntil - now) / 1000)) : null;

  return (
    <form
      className={`slip slip--${selection.side} slip--${variant}`}
      onSubmit={(event) => void submit(event)}
      aria-label={t('Bet slip')}
      data-testid="bet-slip"
      noValidate
    >
      <header className="slip__header">
        <div>
          <p className="slip__title">
            <span className={`badge slip__side slip__side--${selection.side}`}>{sideName(selection)}</span>{' '}
            <strong data-testid="slip-selection">{selection.label}</strong>
          </p>
          <p className="muted slip__market">
            {selection.eventName} · {market.name}
          </p>
        </div>
        <button type="button" className="slip__close" aria-label={t('Close bet slip')} onClick={closeSlip}>
          ×
        </button>
      </header>

      <div className="slip__fields">
        <label className="slip__field">
          <span>
            {selection.marketType === 'FANCY'
              ? t('Runs')
              : selection.marketType === 'BOOKMAKER'
                ? t('Rate')
                : t('Odds')}
          </span>
          {exchange ? (
            <span className="stepper">
              <button
                type="button"
                aria-label={t('Lower odds')}
                onClick={() => changeOdds(stepOdds(odds, -1))}
                disabled={busy}
              >
                −
              </button>
              <input
                inputMode="decimal"
                value={oddsText}
                aria-label={t('Odds')}
                data-testid="slip-odds"
                aria-invalid={!oddsValid || undefined}
                onChange={(event) => {
                  setOddsText(event.target.value);
                  setOddsEdited(true);
                  const value = Number(event.target.value);
                  if (Number.isFinite(value) && value > 0) setOdds(value);
                }}
                onBlur={() => changeOdds(nearestOnLadder(odds))}
                disabled={busy}
              />
              <button
                type="button"
                aria-label={t('Higher odds')}
                onClick={() => changeOdds(stepOdds(odds, 1))}
                disabled={busy}
              >
                +
              </button>
            </span>
          ) : (
            <output className="slip__fixed-price" data-testid="slip-odds">
              {priceText(selection.marketType, odds, oddsSize)}
            </output>
          )}
        </label>
        <label className="slip__field">
          <span>{t('Stake')}</span>
          <input
            ref={stakeRef}
            inputMode="decimal"
            value={stakeText}
            placeholder={t('Min {amount}', { amount: groupedNumber(market.minStake) })}
            aria-label={t('Stake')}
            data-testid="slip-stake"
            onChange={(event) => {
              setStakeText(event.target.value);
              if (outcome.kind === 'refused' || outcome.kind === 'done') setOutcome({ kind: 'idle' });
            }}
            disabled={busy}
          />
        </label>
      </div>

      <StakeChips
        disabled={busy}
        onPick={(value) => {
          setStakeText(String(value));
          if (outcome.kind !== 'pending') setOutcome({ kind: 'idle' });
        }}
      />

      {/^\s*[\d,]*\.\d{3,}\s*$/.test(stakeText) ? (
        <p className="slip__hint slip__message--error" role="alert" data-testid="slip-stake-error">
          {t('Enter a stake with at most two decimals')}
        </p>
      ) : null}
      {!oddsValid ? (
        <p className="slip__hint slip__message--error">
          {t('Odds must be on the price ladder; we will use {odds}.', { odds: nearestOnLadder(odds) })}
        </p>
      ) : null}

      <dl className="slip__preview" data-testid="slip-preview">
        <div>
          <dt>{selection.side === 'back' ? t('Profit') : t('Win')}</dt>
          <dd className="positive" data-testid="slip-profit">
            {preview ? formatPaise(preview.winPaise) : '–'}
          </dd>
        </div>
        <div>
          <dt>{selection.side === 'back' ? t('Stake at risk') : t('Liability')}</dt>
          <dd className="negative" data-testid="slip-liability">
            {preview ? formatPaise(-preview.lossPaise) : '–'}
          </dd>
        </div>
      </dl>

      <SlipPositionPreview selection={selection} market={market} odds={odds} stake={stake} />

      <SlipWallet marketType={selection.marketType} odds={odds} oddsSize={oddsSize} />
      {exchange ? null : <OddsPreferenceControl compact />}

      {refreshed !== null ? (
        <p className="slip__message slip__message--info" role="status" data-testid="slip-refreshed">
          {t('Price refreshed after reconnecting: {change}', { change: refreshed })}
        </p>
      ) : null}
      {!online ? (
        <p className="slip__message slip__message--warning" role="status" data-testid="slip-offline">
          {t('No network: you can place the bet when the connection is back.')}
        </p>
      ) : null}
      {moved && outcome.kind !== 'pending' ? (
        <p className="slip__message slip__message--warning" data-testid="slip-moved">
          {t(selection.marketType === 'FANCY' ? 'Line now {price}.' : 'Rate now {price}.', {
            price: priceText(selection.marketType, moved.odds, moved.oddsSize),
          })}{' '}
          <button type="button" className="link-button" onClick={takeLivePrice}>
            {t('Use it')}
          </button>
        </p>
      ) : null}
      {live === 'gone' && block === null ? (
        <p className="slip__message slip__message--warning">{t('This price is no longer offered.')}</p>
      ) : null}
      {block !== null ? (
        <p className="slip__message slip__message--warning" role="status" data-testid="slip-blocked">
          {t('{state}: betting is paused.', { state: block === t('Suspended') ? t('Market suspended') : block })}
        </p>
      ) : null}
      {outcome.kind === 'refused' ? (
        <p className="slip__message slip__message--error" role="alert" data-testid="slip-error">
          {refusalText(outcome.code, outcome.message)}
          {outcome.code === 'ODDS_CHANGED' && moved ? ` — ${t('tap "Use it" to take the new price.')}` : ''}
        </p>
      ) : null}
      {outcome.kind === 'pending' ? (
        <p className="slip__message slip__message--info" role="status" data-testid="slip-pending">
          {t('Bet delay: {left}… the bet is held by the server before it is matched.', {
            left: secondsLeft !== null && secondsLeft > 0 ? `${secondsLeft}s` : t('checking'),
          })}
        </p>
      ) : null}
      {outcome.kind === 'done' && outcome.afterDelay === true ? (
        <p className="slip__message slip__message--info" role="status" data-testid="slip-resolved">
          {outcome.bet.status === 'lapsed' || outcome.bet.status === 'cancelled'
            ? t('Refused after the in-play delay: the slip is cleared.')
            : t('Accepted after the in-play delay: the slip is cleared.')}
        </p>
      ) : null}
      {outcome.kind === 'done' ? <BetResult bet={outcome.bet} /> : null}

      <div className="slip__actions">
        <Button type="button" variant="secondary" onClick={closeSlip}>
          {t('Cancel')}
        </Button>
        <Button
          type="submit"
          disabled={stake === null || block !== null || !oddsValid || !online || outcome.kind === 'pending'}
          loading={outcome.kind === 'placing'}
          loadingLabel={t('Placing…')}
          data-testid="place-bet"
        >
          {t('Place bet')}
        </Button>
      </div>
      <label className="slip__keep-open">
        <input
          type="checkbox"
          checked={keepOpen}
          onChange={(event) => setKeepSlipOpen(event.target.checked)}
          data-testid="slip-keep-open"
        />{' '}
        {t('Keep the slip open after a bet')}
      </label>
      <p className="muted slip__limits">
        {t('Min {min} · Max {max} · Max profit {profit}', {
          min: formatRupees(market.minStake),
          max: formatRupees(market.maxStake),
          profit: formatRupees(market.maxProfit),
        })}
        {market.betDelaySeconds > 0 && market.inPlay
          ? ` · ${t('Delay {seconds}s', { seconds: market.betDelaySeconds })}`
          : ''}
      </p>
    </form>
  );
}

/** A stable callback that always runs the latest closure (the socket listener must not resubscribe on every render). */
function useRefCallback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const ref = useRef(callback);
  useEffect(() => {
    ref.current = callback;
  });
  const [stable] = useState(
    () =>
      (...args: A) =>
        ref.current(...args),
  );
  return stable;
}
