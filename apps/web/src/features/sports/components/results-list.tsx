import { useState } from 'react';
import { Link } from 'react-router';
import type { MarketResult } from '@khel/contract';
import { indiaToday } from '@khel/money';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/spinner';
import { eventHref } from '../api/get-event';
import { useResults } from '../api/results';
import { formatCalendarDate, formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n/i18n';

function resultText(market: MarketResult): string {
  if (market.status === 'voided') return t('Void: {reason}', { reason: market.voidReason ?? '' });
  if (market.runs !== null) return t('{runs} runs', { runs: market.runs });
  return market.winner ?? '';
}

/**
 * Results (issue 31): each market settled on the chosen India day, by event: the winner, the run total
 * of a fancy line, or void with its reason.
 */
export function ResultsList() {
  const today = indiaToday();
  const [date, setDate] = useState(today);
  const results = useResults(date);
  const list = results.data ?? [];
  return (
    <div className="stack">
      <label className="results__date">
        <span>{t('Date')}</span>
        <input
          type="date"
          className="input"
          value={date}
          max={today}
          onChange={(event) => event.target.value !== '' && setDate(event.target.value)}
          data-testid="results-date"
        />
      </label>
      {results.isPending ? (
        <Skeleton height="8rem" />
      ) : list.length === 0 ? (
        <EmptyState title={t('No results on {date}', { date: formatCalendarDate(date) })} testId="results-empty">
          <p>{t('Markets appear here once they are settled.')}</p>
        </EmptyState>
      ) : (
        <ul className="stack-sm results" data-testid="results">
          {list.map(({ event, markets }) => (
            <li key={event._id} className="card results__event" data-testid="results-event">
              <p className="results__title">
                <Link to={eventHref(event)}>{event.name}</Link>
                <span className="muted">
                  {event.sport.name} · {event.league.name} · {formatDate(event.startTime, 'medium')}
                </span>
              </p>
              <dl className="results__markets">
                {markets.map((market) => (
                  <div key={market._id} className="results__market" data-testid="result-market">
                    <dt>{market.name}</dt>
                    <dd className={market.status === 'voided' ? 'muted' : 'results__winner'}>{resultText(market)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
