import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatRupees } from '@khel/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useEvent } from '../api/get-events';
import { BOOK_REFRESH_MS, useMarketBook } from '../api/get-market-book';
import { BookmakerRatesEditor } from './bookmaker-rates-editor';
import { FancyLineEditor } from './fancy-line-editor';
import { CloseButton, InPlayButton, LimitsDialog, SuspendToggle } from './market-controls';
import { BookBets, HouseExposure, Ladder } from './market-book';
import { MarketStatusChips, MarketTypeBadge, isFinal, resultText } from './market-labels';
import { PendingResultCard, useHasPendingResult } from './pending-results';
import { ResultDialog, VoidDialog, bookTotals } from './result-dialogs';
import { RulesDialog } from './rules-dialog';
import { VoidBetDialog, VoidPlayerBetsDialog, voidable } from './void-bets-dialog';
import type { BookBet } from '../api/get-market-book';
import '../sports.css';

type Dialog = 'limits' | 'rules' | 'settle' | 'correct' | 'void' | null;

/** `/sports/:sport/:league/:event/markets/:marketId`: one market, its prices, its result and its book. */
export function MarketPage() {
  const { sport = '', league = '', event: eventSlug = '', marketId = '' } = useParams();
  const event = useEvent({ sport, league, event: eventSlug });
  const book = useMarketBook(marketId);
  const waiting = useHasPendingResult(marketId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [voidingBet, setVoidingBet] = useState<BookBet | null>(null);
  const [voidingPlayer, setVoidingPlayer] = useState(false);
  const eventLink = `/sports/${encodeURIComponent(sport)}/${encodeURIComponent(league)}/${encodeURIComponent(eventSlug)}`;

  const crumbs = (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <Link to="/sports">Sports</Link> ›{' '}
      {event.data === undefined ? <Link to={eventLink}>Event</Link> : <Link to={eventLink}>{event.data.name}</Link>}
    </nav>
  );

  if (book.isPending) return <LoadingBlock label="Loading the market…" />;
  if (book.data === undefined) {
    const missing = book.error instanceof ApiError && book.error.code === 404;
    return (
      <section className="page">
        {crumbs}
        {missing ? (
          <EmptyState title="Market not found" />
        ) : (
          <Alert
            action={
              <Button size="small" onClick={() => void book.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(book.error)}
          </Alert>
        )}
      </section>
    );
  }

  const { market, bets, houseExposure } = book.data;
  const totals = bookTotals(bets);
  const result = resultText(market);
  const final = isFinal(market);
  return (
    <section className="page" aria-labelledby="market-title">
      {crumbs}
      <header className="page-header">
        <h1 id="market-title">
          {market.name} <MarketTypeBadge type={market.marketType} /> <MarketStatusChips market={market} />
        </h1>
        <div className="page-actions">
          {book.isFetching ? <Spinner size="small" label="Updating" /> : null}
          <span className="muted small">{final ? 'Final' : `Refreshes every ${BOOK_REFRESH_MS / 1000} s`}</span>
        </div>
      </header>
      {book.isError ? (
        <Alert kind="warning">Could not refresh: {errorMessage(book.error)}. Showing what was last loaded.</Alert>
      ) : null}

      <div className="card market-controls">
        <div className="button-row wrap">
          <SuspendToggle market={market} size="normal" />
          <InPlayButton market={market} size="normal" />
          <CloseButton market={market} size="normal" />
          {!final ? <Button onClick={() => setDialog('limits')}>Delay and limits</Button> : null}
          {!final ? <Button onClick={() => setDialog('rules')}>Rules</Button> : null}
          <span className="button-row-spacer" />
          {market.status !== 'settled' && market.status !== 'voided' && !waiting ? (
            <Button variant="primary" onClick={() => setDialog('settle')}>
              Declare result
            </Button>
          ) : null}
          {market.status === 'settled' && !waiting ? (
            <Button variant="danger" onClick={() => setDialog('correct')}>
              Correct result
            </Button>
          ) : null}
          {market.status !== 'voided' && !waiting ? (
            <Button variant="danger" onClick={() => setDialog('void')}>
              Void market
            </Button>
          ) : null}
        </div>
        <dl className="facts market-facts">
          {result !== null ? (
            <>
              <dt>Result</dt>
              <dd>
                <strong>{result}</strong>
              </dd>
            </>
          ) : null}
          <dt>Bet delay</dt>
          <dd>{market.betDelaySeconds} s in play</dd>
          <dt>Stake</dt>
          <dd>
            {formatRupees(market.minStake)} – {formatRupees(market.maxStake)}
          </dd>
          <dt>Max profit</dt>
          <dd>{formatRupees(market.maxProfit)}</dd>
          <dt>Bets</dt>
          <dd>
            {totals.matchedBets} matched, {formatRupees(totals.matchedStake)} staked
          </dd>
        </dl>
      </div>

      <PendingResultCard marketId={market._id} />

      <section className="card" aria-labelledby="prices-title">
        <h2 id="prices-title">
          {market.marketType === 'BOOKMAKER' ? 'Rates' : market.marketType === 'FANCY' ? 'Line' : 'Prices'}
        </h2>
        {market.marketType === 'BOOKMAKER' ? (
          <BookmakerRatesEditor market={market} />
        ) : market.marketType === 'FANCY' ? (
          <FancyLineEditor market={market} />
        ) : (
          <Ladder market={market} />
        )}
      </section>

      <div className="book-grid">
        <section className="card" aria-labelledby="exposure-title">
          <h2 id="exposure-title">House exposure</h2>
          <HouseExposure exposure={houseExposure} />
        </section>
        <section className="card book-bets" aria-labelledby="bets-title">
          <h2 id="bets-title">Bets ({bets.length})</h2>
          {bets.some(voidable) ? (
            <div className="list-actions">
              <Button size="small" variant="danger" onClick={() => setVoidingPlayer(true)}>
                Void a player&apos;s bets
              </Button>
            </div>
          ) : null}
          <BookBets market={market} bets={bets} onVoid={setVoidingBet} />
        </section>
      </div>

      {dialog === 'limits' ? <LimitsDialog market={market} onClose={() => setDialog(null)} /> : null}
      {dialog === 'rules' ? <RulesDialog market={market} onClose={() => setDialog(null)} /> : null}
      {dialog === 'settle' || dialog === 'correct' ? (
        <ResultDialog market={market} totals={totals} mode={dialog} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'void' ? <VoidDialog market={market} totals={totals} onClose={() => setDialog(null)} /> : null}
      {voidingBet === null ? null : <VoidBetDialog bet={voidingBet} onClose={() => setVoidingBet(null)} />}
      {voidingPlayer ? (
        <VoidPlayerBetsDialog market={market} bets={bets} onClose={() => setVoidingPlayer(false)} />
      ) : null}
    </section>
  );
}
