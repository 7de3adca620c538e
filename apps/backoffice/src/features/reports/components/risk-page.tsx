import { Link } from 'react-router';
import type { ExposureMarket } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { EXPOSURE_REFRESH_MS, useExposure } from '../api/get-exposure';
import { useRiskLive } from '../api/risk-live';
import { FancyBookPanel } from './fancy-book-panel';
import { CreditUtilisationPanel, percent } from './credit-utilisation-panel';
import { Amount } from './report-parts';
import '../reports.css';

function MarketRisk({ market }: { market: ExposureMarket }) {
  const titleId = `market-${market.marketId}`;
  return (
    <article className="risk-market" id={titleId} aria-labelledby={`${titleId}-title`}>
      <header className="risk-market-header">
        <div>
          <h2 id={`${titleId}-title`} className="risk-market-title">
            {market.market}
          </h2>
          <p className="report-context">
            {market.sport} › {market.event} ·{' '}
            {market.status === 'open' ? 'Open' : market.status === 'suspended' ? 'Suspended' : 'Closed'} ·{' '}
            {market.players} {market.players === 1 ? 'player' : 'players'}
          </p>
        </div>
        <dl className="risk-figures">
          <div>
            <dt>Players&apos; liability</dt>
            <dd>
              <Amount value={market.liability} />
            </dd>
          </div>
          <div>
            <dt>Site on worst outcome</dt>
            <dd>{market.worstCase === null ? '—' : <Amount value={market.worstCase} />}</dd>
          </div>
        </dl>
      </header>
      {market.marketType === 'FANCY' ? (
        <FancyBookPanel marketId={market.marketId} title={market.market} />
      ) : (
        <table className="data-table risk-runners" aria-label={`${market.market}: result by runner`}>
          <thead>
            <tr>
              <th scope="col">If this wins</th>
              <th scope="col" className="num">
                Players win / lose
              </th>
              <th scope="col" className="num">
                Site
              </th>
            </tr>
          </thead>
          <tbody>
            {market.runners.map((runner) => (
              <tr key={runner.runnerId} className={runner.worst ? 'risk-worst' : undefined}>
                <th scope="row">
                  {runner.name}
                  {runner.worst ? <span className="risk-worst-badge">Worst outcome</span> : null}
                </th>
                <td className="num">
                  <Amount value={runner.playersIfWins} />
                </td>
                <td className="num">
                  <Amount value={-runner.playersIfWins} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="risk-market-links">
        <Link to={`/reports?tab=bets&marketId=${market.marketId}`}>Bets on this market</Link>
      </p>
    </article>
  );
}

/**
 * The risk view: the live exposure of the caller's players (the whole site, or an agent's downline)
 * on every open market, runner by runner (a fancy line band by band, decision 0064), the site's worst
 * outcome marked, and the credit given vs used per credit account. Each market shown refreshes when
 * the socket says its bets changed; the list is read again every half minute to find new markets.
 */
export function RiskPage() {
  const exposure = useExposure();
  useRiskLive(exposure.data?.markets.map((market) => market.marketId) ?? []);
  return (
    <section className="page" aria-labelledby="risk-title">
      <header className="page-header">
        <h1 id="risk-title">Risk view</h1>
        <p className="muted risk-live" aria-live="polite">
          {exposure.isFetching ? <Spinner size="small" label="" /> : null}
          {exposure.data === undefined ? 'Live' : `Updated ${formatDateTime(exposure.data.asOf)}`} · live as bets come
          in, new markets every {EXPOSURE_REFRESH_MS / 1000} s
        </p>
      </header>
      {exposure.isPending ? (
        <LoadingBlock label="Loading the risk view…" />
      ) : exposure.isError && exposure.data === undefined ? (
        <Alert>{errorMessage(exposure.error)}</Alert>
      ) : (
        <>
          {exposure.isError ? (
            <Alert kind="warning">The last refresh failed; showing the figures from before.</Alert>
          ) : null}
          <dl className="risk-summary">
            <div>
              <dt>Open markets with positions</dt>
              <dd>{exposure.data.markets.length}</dd>
            </div>
            <div>
              <dt>Total players&apos; liability</dt>
              <dd>
                <Amount value={exposure.data.totalLiability} />
              </dd>
            </div>
            <div>
              <dt>Credit utilisation</dt>
              <dd>
                {exposure.data.creditUtilisation === null ? (
                  <span className="muted">No credit lines yet</span>
                ) : (
                  percent(exposure.data.creditUtilisation.utilisation)
                )}
              </dd>
            </div>
          </dl>
          {exposure.data.creditUtilisation === null ? null : (
            <CreditUtilisationPanel credit={exposure.data.creditUtilisation} />
          )}
          {exposure.data.markets.length === 0 ? (
            <EmptyState title="No open positions right now">
              The view fills in as players bet on markets that are not yet settled.
            </EmptyState>
          ) : (
            <div className="risk-markets">
              {exposure.data.markets.map((market) => (
                <MarketRisk key={market.marketId} market={market} />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
